/** The candidate's own page's shapes, as the server sends them, and the query keys. */
import type { ApiSchema } from '@/lib/api/types';

/** Where the application stands (never a score), what the candidate may do, and their interview. */
export type MyApplication = ApiSchema<'MyApplication'>;

/** `received`, `inReview`, `interviewInvited`, `interviewBooked`, `decisionMade` or `withdrawn`. */
export type ApplicationStatus = ApiSchema<'ApplicationStatus'>;

export const applicationKeys = {
  all: ['application'] as const,
  page: (token: string) => ['application', token] as const,
};
