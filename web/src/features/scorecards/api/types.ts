/** The scorecard shapes, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

/** A recruiter's verdict: `strongYes`, `yes`, `no` or `strongNo` (not the ATS's Pass/Fail). */
export type HireRecommendation = ApiSchema<'HireRecommendation'>;

/** One recruiter's scorecard (1-5 each); `mine` when the signed-in recruiter wrote it. */
export type Scorecard = ApiSchema<'Scorecard'>;

/** The AI's scores of the interview that counts and every recruiter's scorecard, newest first. */
export type Scorecards = ApiSchema<'Scorecards'>;

/** The AI interviewer's scores (0-100, null where none). */
export type AiScores = ApiSchema<'AiScores'>;

/** `PUT /Pipeline/Scorecards`. */
export type ScorecardBody = ApiSchema<'ScorecardBody'>;

export const scorecardKeys = {
  all: ['scorecards'] as const,
  candidate: (resumeId: string) => ['scorecards', resumeId] as const,
};
