import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { activityQueryKey } from '@/lib/queries/activity';

import type { ErasureRequest } from './types';

export const erasureRequestsQueryKey = ['erasure-requests'] as const;

/** Candidates' requests to erase their data, waiting ones first, newest first. */
export function getErasureRequests({ signal }: { signal?: AbortSignal } = {}): Promise<ErasureRequest[]> {
  return data(api.GET('/Settings/ErasureRequests', { signal }));
}

export const erasureRequestsQueryOptions = () =>
  queryOptions({
    queryKey: erasureRequestsQueryKey,
    queryFn: ({ signal }) => getErasureRequests({ signal }),
    // Candidates ask at any time: every visit shows the current list.
    staleTime: 0,
  });

export function useErasureRequests() {
  return useQuery(erasureRequestsQueryOptions());
}

/**
 * After a decision, or its refusal (another admin decided first): the list again, and the
 * activity, which an erasure writes to (and removes the candidate's events from).
 */
export async function refreshAfterDecision(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: erasureRequestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: activityQueryKey }),
  ]);
}
