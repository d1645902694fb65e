/**
 * The hiring stages (the server's `Stage`), in board order, with the labels the board and the
 * candidate lists show. Shared because both the pipeline and the candidates features name them.
 */
import type { ApiSchema } from './api/types';

export type Stage = ApiSchema<'Stage'>;

/** Every stage in board order: the system's steps, then a person's decisions. */
export const STAGES: ReadonlyArray<Stage> = [
  'new',
  'screened',
  'invited',
  'scheduled',
  'interviewed',
  'shortlisted',
  'offer',
  'hired',
  'rejected',
  'withdrawn',
];

const LABELS: Record<Stage, string> = {
  new: 'New',
  screened: 'Screened',
  invited: 'Invited',
  scheduled: 'Scheduled',
  interviewed: 'Interviewed',
  shortlisted: 'Shortlisted',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** 'Shortlisted' for `shortlisted`. */
export function stageLabel(stage: Stage): string {
  return LABELS[stage];
}

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as ReadonlyArray<string>).includes(value);
}

/** Stages the system moves candidates through by itself (intake, analysis, invite, booking, interview). */
export function isSystemStage(stage: Stage): boolean {
  return STAGES.indexOf(stage) <= STAGES.indexOf('interviewed');
}

/** Rejected and Withdrawn end a candidacy; a reason is kept with them. */
export function endsCandidacy(stage: Stage): boolean {
  return stage === 'rejected' || stage === 'withdrawn';
}

/** The stage as the server sent it, or null for none (or a value this client does not know). */
export function toStage(value: unknown): Stage | null {
  return isStage(value) ? value : null;
}
