import type { Turn } from './types';

/** The turn being spoken at `seconds` of the recording, if any. */
export function activeTurn(turns: Turn[], seconds: number | null): number | null {
  if (seconds === null) return null;
  const index = turns.findIndex(
    (turn) => turn.startSeconds !== null && turn.startSeconds <= seconds && seconds < (turn.endSeconds ?? turn.startSeconds + 1),
  );
  return index === -1 ? null : index;
}

/** "4 of 5 questions asked". */
export function coverageText({ asked, total }: { asked: number; total: number }): string {
  return `${asked} of ${total} question${total === 1 ? '' : 's'} asked`;
}
