/** The candidate shapes of SPEC section 3, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

import type { ListFilters } from '../lib/list-filters';

export type AnalysisStatus = ApiSchema<'AnalysisStatus'>;

/** Where a candidate's interview invite stands (null: never invited). */
export type InviteStatus = ApiSchema<'InviteStatus'>;

/** The invite fields every candidate record carries. */
export type InviteFields = Pick<ApiSchema<'AllCandidate'>, 'inviteStatus' | 'interviewDateTime'>;

/** A resume of one JD (`ViewJDResumes`). `filePath` is a signed link valid for 30 minutes. */
export type JdResume = ApiSchema<'ResumeRecord'>;

/** A candidate of any JD (`GetAllCandidates`). */
export type AnyCandidate = ApiSchema<'AllCandidate'>;

/** The resume analysis of one candidate (`ResumeDetails`, first of the list). */
export type ResumeDetails = ApiSchema<'ResumeDetails'>;

/** What an applicant sent from the job page (`ResumeDetails.application`). */
export type ApplicationSent = ApiSchema<'ApplicationSent'>;

/** A resume as the app shows it (`ResumePreview`): `html` for a DOCX, `filePath` framed for a PDF. */
export type ResumePreview = ApiSchema<'ResumePreview'>;

/** The candidate's next-step form answers (SPEC section 3); CTC in LPA, periods in days. */
export type NextStepDetails = ApiSchema<'SubmittedDetails'>;

/** `GET /Interview/InterviewAnalysis/{callId}` (the spec spells `keyTakeways`). */
export type { InterviewAnalysis } from '@/lib/queries/interview-analysis';

/** `POST /Interview/SendInvites`: either `resumeIds` or `allPass: true`. */
export type SendInvitesInput = ApiSchema<'SendInvitesBody'>;

export type SkippedInvite = ApiSchema<'Skipped'>;

export type SendInvitesResult = ApiSchema<'InvitesSent'>;

/** The JD fields the candidate pages need (`GetJDByID`). */
export type JdSummary = Pick<ApiSchema<'JobDetail'>, 'jobDescId' | 'jdid' | 'jdname' | 'resumeRequired'>;

export type Done = ApiSchema<'Done'>;

/** What the JD pages pass to the JD candidate list in navigation state (SPEC section 2). */
export type JdCandidatesState = { jobDescId?: number; jdname?: string };

/** A page of a candidate list and its filters, as the URL keeps them. */
export type ListQuery = ListFilters;

export const candidateKeys = {
  all: ['candidates'] as const,
  jd: (jdid: string) => ['candidates', 'jd', jdid] as const,
  jdPage: (jdid: string, query: ListQuery) => ['candidates', 'jd', jdid, 'page', query] as const,
  jdAll: (jdid: string) => ['candidates', 'jd', jdid, 'all'] as const,
  list: (query: ListQuery) => ['candidates', 'list', query] as const,
  details: (resumeId: string) => ['candidates', 'details', resumeId] as const,
  preview: (resumeFileId: string) => ['candidates', 'preview', resumeFileId] as const,
  jdInfo: (jdid: string) => ['candidates', 'jd-info', jdid] as const,
};
