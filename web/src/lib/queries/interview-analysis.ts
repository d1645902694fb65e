/**
 * The analysis of one interview call (`GET /Interview/InterviewAnalysis/{callId}`), shared by
 * the candidate analysis page and the voice analysis page under one key.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type InterviewAnalysis = ApiSchema<'InterviewAnalysis'>;

export const interviewAnalysisQueryKey = (callId: string) => ['interview-analysis', callId] as const;

export function getInterviewAnalysis({ callId, signal }: { callId: string; signal?: AbortSignal }): Promise<InterviewAnalysis> {
  return data(api.GET('/Interview/InterviewAnalysis/{callId}', { params: { path: { callId } }, signal }));
}

export const interviewAnalysisQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: interviewAnalysisQueryKey(callId),
    queryFn: ({ signal }) => getInterviewAnalysis({ callId, signal }),
    // A missing analysis is an answer (the page says so), not a glitch to retry.
    retry: false,
  });

/** `null` while there is no call to ask about. */
export function useInterviewAnalysis(callId: string | null) {
  return useQuery({ ...interviewAnalysisQueryOptions(callId ?? ''), enabled: callId !== null });
}
