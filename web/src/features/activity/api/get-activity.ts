import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { activityQueryKey } from '@/lib/queries/activity';

import type { ActivityFeed, ActivityFilters } from './types';

/** One page of the activity log, newest first: events older than `before` (an event id) when given. */
export function getActivity({
  filters,
  before,
  limit,
  signal,
}: {
  filters: ActivityFilters;
  before?: number | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<ActivityFeed> {
  return data(api.GET('/Activity', { params: { query: { ...filters, before: before ?? undefined, limit } }, signal }));
}

/** The feed as pages: "Load more" fetches the page before the last one's `nextBefore`. */
export const activityQueryOptions = (filters: ActivityFilters, { limit }: { limit?: number } = {}) =>
  infiniteQueryOptions({
    queryKey: [...activityQueryKey, filters, limit ?? null] as const,
    queryFn: ({ pageParam, signal }) => getActivity({ filters, before: pageParam, limit, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export function useActivity(filters: ActivityFilters, options: { limit?: number } = {}) {
  return useInfiniteQuery(activityQueryOptions(filters, options));
}
