/** The scorecard shapes, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

/**
 * `strongYes`, `yes`, `no` or `strongNo`. Written here because the OpenAPI snapshot names this
 * enum `Recommendation`, the name of the ATS's Pass/Fail as well, so its generated type is the
 * ATS's; use `Scorecard['recommendation']` again once the server gives it a name of its own.
 */
export type Recommendation = 'strongYes' | 'yes' | 'no' | 'strongNo';

/** One recruiter's scorecard (1-5 each); `mine` when the signed-in recruiter wrote it. */
export type Scorecard = Omit<ApiSchema<'Scorecard'>, 'recommendation'> & { recommendation: Recommendation };

/** The AI's scores of the interview that counts and every recruiter's scorecard, newest first. */
export type Scorecards = Omit<ApiSchema<'Scorecards'>, 'scorecards'> & { scorecards: Scorecard[] };

/** The AI interviewer's scores (0-100, null where none). */
export type AiScores = ApiSchema<'AiScores'>;

/** `PUT /Pipeline/Scorecards`. */
export type ScorecardInput = Omit<ApiSchema<'ScorecardBody'>, 'recommendation'> & { recommendation: Recommendation };

export const scorecardKeys = {
  all: ['scorecards'] as const,
  candidate: (resumeId: string) => ['scorecards', resumeId] as const,
};
