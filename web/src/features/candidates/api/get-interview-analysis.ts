import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { InterviewAnalysis } from './types';

/** The analysis of one interview call. */
export function getInterviewAnalysis({ callId, signal }: { callId: string; signal?: AbortSignal }): Promise<InterviewAnalysis> {
  return api.get<InterviewAnalysis>(`/Interview/InterviewAnalysis/${encodeURIComponent(callId)}`, { signal });
}

export const interviewAnalysisQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: candidateKeys.interview(callId),
    queryFn: ({ signal }) => getInterviewAnalysis({ callId, signal }),
    // A missing analysis is an answer (the section hides), not a glitch to retry.
    retry: false,
  });

export function useInterviewAnalysis(callId: string | null) {
  return useQuery({ ...interviewAnalysisQueryOptions(callId ?? ''), enabled: callId !== null });
}
