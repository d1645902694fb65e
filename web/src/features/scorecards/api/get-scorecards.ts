import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { scorecardKeys } from './types';
import type { Scorecards } from './types';

/** The AI's scores and every recruiter's scorecard of a candidate, newest first. */
export function getScorecards({ resumeId, signal }: { resumeId: string; signal?: AbortSignal }): Promise<Scorecards> {
  return data(api.GET('/Pipeline/Scorecards', { params: { query: { resumeId } }, signal }));
}

export const scorecardsQueryOptions = (resumeId: string) =>
  queryOptions({
    queryKey: scorecardKeys.candidate(resumeId),
    queryFn: ({ signal }) => getScorecards({ resumeId, signal }),
  });

export function useScorecards(resumeId: string) {
  return useQuery(scorecardsQueryOptions(resumeId));
}
