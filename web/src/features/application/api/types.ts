/** The candidate's own page's shapes, as the server sends them, and the query keys. */
import type { ApiSchema } from '@/lib/api/types';

/** Where the application stands (never a score), what the candidate may do, and their interview. */
export type MyApplication = ApiSchema<'MyApplication'>;

/** `received`, `inReview`, `interviewInvited`, `interviewBooked`, `decisionMade` or `withdrawn`. */
export type ApplicationStatus = ApiSchema<'ApplicationStatus'>;

/** Why the automated steps concluded what they did, in plain sentences (never a score). */
export type MyAssessment = ApiSchema<'MyAssessment'>;

/** The voluntary self-identification questions and the candidate's answers. */
export type MySelfIdentification = ApiSchema<'MySelfIdentification'>;

/** The answers as codes (`declined`: "I prefer not to say"); a missing one is a question left blank. */
export type SelfIdAnswers = ApiSchema<'Answers'>;

export const applicationKeys = {
  all: ['application'] as const,
  page: (token: string) => ['application', token] as const,
  assessment: (token: string) => ['application', token, 'assessment'] as const,
  selfIdentification: (token: string) => ['application', token, 'self-identification'] as const,
};
