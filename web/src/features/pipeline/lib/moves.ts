/**
 * Which moves a recruiter is offered, mirroring the server's rules (`pipeline/stages.rs`,
 * `check_move`). The server has the last word: a move it refuses comes back with its message.
 */
import type { TemplateKind } from '@/lib/queries/email-templates';
import { STAGES, endsCandidacy, isSystemStage } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

/** The longest reason kept with a rejection or withdrawal. */
export const MAX_REASON = 500;

/** The stages a person moves candidates to from a list (Rejected has its own action). */
export const LIST_TARGETS: ReadonlyArray<Stage> = ['shortlisted', 'offer', 'hired', 'withdrawn'];

/**
 * Whether a person may move a candidate from `from` to `to`. `systemStage` is where the
 * candidate's analysis and invite put them (a board card's `systemStage`): the only system
 * stage a person may send them back to, from one of the person's own stages (undoing a
 * shortlist or a rejection). Without it (a list row), no system stage is offered.
 */
export function canMove(from: Stage, to: Stage, systemStage?: Stage): boolean {
  switch (to) {
    case 'shortlisted':
      return ['screened', 'invited', 'scheduled', 'interviewed', 'offer'].includes(from);
    case 'offer':
      return from === 'interviewed' || from === 'shortlisted';
    case 'hired':
      return from === 'offer';
    case 'rejected':
    case 'withdrawn':
      return !endsCandidacy(from) && from !== 'hired';
    default:
      return to === systemStage && !isSystemStage(from) && from !== 'hired';
  }
}

/** Every stage a candidate in `from` can be moved to, in board order. */
export function allowedTargets(from: Stage, systemStage?: Stage): Stage[] {
  return STAGES.filter((to) => canMove(from, to, systemStage));
}

/** Rejected and Withdrawn need a reason. */
export function needsReason(stage: Stage): boolean {
  return endsCandidacy(stage);
}

/** The template a move may e-mail the candidate with: a rejection, an advance, or none. */
export function emailKindFor(stage: Stage): TemplateKind | null {
  if (stage === 'rejected') return 'rejection';
  if (stage === 'shortlisted' || stage === 'offer' || stage === 'hired') return 'advance';
  return null;
}
