import { useMutation, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { voiceKeys } from './types';
import type { Call } from './types';

export type CallFilters = { createdAtGt?: string; createdAtLt?: string; limit: number };

export function getCalls({ filters, signal }: { filters: CallFilters; signal?: AbortSignal }): Promise<Call[]> {
  return data(api.GET('/Voice/calls', { params: { query: filters }, signal }));
}

export function useCalls(filters: CallFilters) {
  return useQuery({ queryKey: voiceKeys.calls(filters), queryFn: ({ signal }) => getCalls({ filters, signal }) });
}

/** The Schedule Interview Call form; `date` and `time` are in IST. */
export type ScheduleCallInput = { assistantId: string; candidateName: string; phone: string; date: string; time: string };

export function scheduleCall(input: ScheduleCallInput): Promise<{ id?: string }> {
  return data(api.POST('/Voice/calls', { body: input }));
}

export function useScheduleCall() {
  return useMutation({ mutationFn: scheduleCall });
}

/** The analysis of one call: the shared query (the candidate pages read the same one). */
export { getInterviewAnalysis, useInterviewAnalysis } from '@/lib/queries/interview-analysis';
