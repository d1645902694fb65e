/** The pipeline's shapes, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';
import type { Stage } from '@/lib/stages';

/** A candidate's card on the board (`GET /Pipeline/Board`). */
export type BoardCard = ApiSchema<'BoardCard'>;
/** One stage's column: its count (every candidate in it) and its newest cards. */
export type BoardColumn = ApiSchema<'BoardColumn'>;
export type Board = ApiSchema<'Board'>;
/** `POST /Pipeline/Move`: all or nothing; a stage changed since it was shown is a 409 `stage_changed`. */
export type MoveBody = ApiSchema<'MoveBody'>;
export type MoveResult = ApiSchema<'MoveResult'>;
/** An e-mail's text before its variables (`{{candidateName}}`, `{{jobTitle}}`) are filled. */
export type EmailText = ApiSchema<'EmailText'>;
/** `POST /Pipeline/EmailPreview`: the e-mail as one candidate will get it. */
export type PreviewBody = ApiSchema<'PreviewBody'>;
export type EmailPreview = ApiSchema<'EmailPreview'>;

/** A candidate a decision is about: who, how to name them, and the stage the recruiter saw. */
export type DecisionCandidate = { resumeId: number; name: string; fromStage: Stage };

export const pipelineKeys = {
  all: ['pipeline'] as const,
  board: (jdid: string) => ['pipeline', 'board', jdid] as const,
  column: (jdid: string, stage: Stage, offset: number) => ['pipeline', 'board', jdid, 'column', stage, offset] as const,
  candidate: (jdid: string, resumeId: number) => ['pipeline', 'board', jdid, 'candidate', resumeId] as const,
  preview: (input: PreviewBody) => ['pipeline', 'email-preview', input] as const,
};

/**
 * The candidate lists' queries (the candidates feature's `candidateKeys.all`): a move changes
 * the stage their rows show. Named here by value because features do not import each other.
 */
export const CANDIDATE_LISTS_KEY = ['candidates'] as const;
