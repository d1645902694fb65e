/** The words of a decision: the dialog's title, its button and the toasts after a move. */
import { stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

import type { BoardCard, DecisionCandidate, MoveResult } from '../api/types';

/** The name a card shows (a CSV row may have only an e-mail). */
export const cardName = (card: Pick<BoardCard, 'candidateName' | 'candidateEmail'>) =>
  card.candidateName || card.candidateEmail || 'Unnamed candidate';

/** A card as the candidate a move is about, with the stage it was seen in. */
export const toDecisionCandidate = (card: BoardCard): DecisionCandidate => ({
  resumeId: card.resumeId,
  name: cardName(card),
  fromStage: card.stage,
});

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'Asha Rao' for one candidate, '3 candidates' for more. */
export function whoLabel(candidates: ReadonlyArray<DecisionCandidate>): string {
  return candidates.length === 1 ? candidates[0]!.name : plural(candidates.length, 'candidate');
}

/** 'Reject Asha Rao', 'Withdraw 3 candidates', 'Move Asha Rao to Shortlisted'. */
export function decisionTitle(stage: Stage, candidates: ReadonlyArray<DecisionCandidate>): string {
  const who = whoLabel(candidates);
  if (stage === 'rejected') return `Reject ${who}`;
  if (stage === 'withdrawn') return `Withdraw ${who}`;
  return `Move ${who} to ${stageLabel(stage)}`;
}

/** The confirm button: 'Reject', 'Withdraw', 'Move to Offer'. */
export function confirmLabel(stage: Stage): string {
  if (stage === 'rejected') return 'Reject';
  if (stage === 'withdrawn') return 'Withdraw';
  return `Move to ${stageLabel(stage)}`;
}

/** 'Asha Rao moved to Shortlisted. 1 e-mail sent.' */
export function movedSummary(result: MoveResult, stage: Stage, candidates: ReadonlyArray<DecisionCandidate>): string {
  const who =
    result.moved.length === 1
      ? (candidates.find((c) => c.resumeId === result.moved[0]!.resumeId)?.name ?? '1 candidate')
      : plural(result.moved.length, 'candidate');
  const emails = result.emailsSent > 0 ? ` ${plural(result.emailsSent, 'e-mail')} sent.` : '';
  return `${who} moved to ${stageLabel(stage)}.${emails}`;
}

/** 'Not e-mailed: Bea (No e-mail address)', or null when everyone asked for was e-mailed. */
export function notEmailedSummary(result: MoveResult, candidates: ReadonlyArray<DecisionCandidate>): string | null {
  if (result.notEmailed.length === 0) return null;
  const names = result.notEmailed.map(({ resumeId, reason }) => {
    const name = candidates.find((c) => c.resumeId === resumeId)?.name ?? `Resume #${resumeId}`;
    return `${name} (${reason})`;
  });
  return `Not e-mailed: ${names.join(', ')}`;
}
