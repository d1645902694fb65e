import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { AccommodationRequest } from './types';

export const accommodationRequestsQueryKey = ['accommodation-requests'] as const;

/** Candidates' requests for an alternative process or an accommodation, waiting ones first, newest first. */
export function getAccommodationRequests({ signal }: { signal?: AbortSignal } = {}): Promise<AccommodationRequest[]> {
  return data(api.GET('/Settings/AccommodationRequests', { signal }));
}

export const accommodationRequestsQueryOptions = () =>
  queryOptions({
    queryKey: accommodationRequestsQueryKey,
    queryFn: ({ signal }) => getAccommodationRequests({ signal }),
    // Candidates ask at any time: every visit shows the current list.
    staleTime: 0,
  });

export function useAccommodationRequests() {
  return useQuery(accommodationRequestsQueryOptions());
}
