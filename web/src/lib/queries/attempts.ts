/**
 * A candidate's interview attempts (`GET /Interview/Attempts?resumeId=`) and the recruiter's
 * choice of the one that counts (`PUT /Interview/Attempts`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { interviewAnalysisQueryKey } from '@/lib/queries/interview-analysis';

import type { ApiSchema } from '@/lib/api/types';

export type Attempts = ApiSchema<'Attempts'>;

export const attemptsQueryKey = (resumeId: string) => ['interview-attempts', resumeId] as const;

export const attemptsQueryOptions = (resumeId: string) =>
  queryOptions({
    queryKey: attemptsQueryKey(resumeId),
    queryFn: ({ signal }) => data(api.GET('/Interview/Attempts', { params: { query: { resumeId } }, signal })),
    // A candidate without an invite has no attempts: an answer, not a glitch to retry.
    retry: false,
  });

export function useAttempts(resumeId: string) {
  return useQuery(attemptsQueryOptions(resumeId));
}

/** Makes `callId` the interview's result; `onCounted` lets the page refresh what it shows of the candidate. */
export function useCountAttempt(resumeId: string, onCounted: (callId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: string) => data(api.PUT('/Interview/Attempts', { body: { resumeId, callId } })),
    onSuccess: async (attempts, callId) => {
      queryClient.setQueryData(attemptsQueryKey(resumeId), attempts);
      await queryClient.invalidateQueries({ queryKey: interviewAnalysisQueryKey(callId) });
      onCounted(callId);
    },
  });
}
