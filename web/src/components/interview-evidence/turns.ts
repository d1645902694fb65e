import type { QuestionEvidence, Turn } from './types';

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

/**
 * The self-hosted interviewer scores answers without a language model (only their length and
 * the topics they name) and starts every such justification with these words (server:
 * `voice/selfhosted/grading.rs`); nothing else in the analysis says so.
 */
const HEURISTIC_PREFIX = 'Heuristic score';

/** Whether a question's score is a heuristic rather than a judgement of the answer. */
export function isHeuristicScore({ score, justification }: Pick<QuestionEvidence, 'score' | 'justification'>): boolean {
  return score !== null && (justification?.startsWith(HEURISTIC_PREFIX) ?? false);
}

/** Whether every score of the interview's questions is a heuristic (and there is one). */
export function scoredByHeuristics(questions: ReadonlyArray<Pick<QuestionEvidence, 'score' | 'justification'>>): boolean {
  const scored = questions.filter((q) => q.score !== null);
  return scored.length > 0 && scored.every(isHeuristicScore);
}
