/** The pipeline's shapes, as the server sends them. */
import type { Stage } from '@/lib/stages';

// PENDING-API: these become ApiSchema<'…'> names once the pipeline API's snapshot lands.
export type BoardCard = {
  resumeId: number;
  candidateName: string;
  candidateEmail: string;
  atsScore: number | null;
  recommendation: 'Pass' | 'Fail' | null;
  interviewStatus: 'Pass' | 'Fail' | 'Needs Review' | null;
  stage: Stage;
  stageReason: string | null;
  stageChangedAt: string | null;
  callId: string | null;
};
export type BoardColumn = { stage: Stage; label: string; count: number; cards: BoardCard[] };
export type Board = { jobDescId: number; jdid: string; jdname: string; total: number; columns: BoardColumn[] };
export type MoveCandidate = { resumeId: number; fromStage: Stage };
export type EmailText = { subject: string; body: string };
export type MoveBody = { candidates: MoveCandidate[]; stage: Stage; reason?: string | null; email?: EmailText | null };
export type Moved = { resumeId: number; stage: Stage; inviteCancelled: boolean };
export type NotEmailed = { resumeId: number; reason: string };
export type MoveResult = { moved: Moved[]; emailsSent: number; notEmailed: NotEmailed[] };
export type TemplateKind = 'rejection' | 'advance';
export type EmailTemplate = { kind: TemplateKind; subject: string; body: string; updatedAt: string | null; updatedBy: string | null };
export type PreviewBody = { resumeId: number; subject: string; body: string };
export type EmailPreview = { to: string; subject: string; body: string };

/** A candidate a decision is about: who, how to name them, and the stage the recruiter saw. */
export type DecisionCandidate = { resumeId: number; name: string; fromStage: Stage };

export const pipelineKeys = {
  all: ['pipeline'] as const,
  board: (jdid: string) => ['pipeline', 'board', jdid] as const,
  column: (jdid: string, stage: Stage, offset: number) => ['pipeline', 'board', jdid, 'column', stage, offset] as const,
  templates: ['pipeline', 'email-templates'] as const,
  preview: (input: PreviewBody) => ['pipeline', 'email-preview', input] as const,
};

/**
 * The candidate lists' queries (the candidates feature's `candidateKeys.all`): a move changes
 * the stage their rows show. Named here by value because features do not import each other.
 */
export const CANDIDATE_LISTS_KEY = ['candidates'] as const;
