import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

/** A JD whose own bias audit has a group under the four-fifths line. */
export type FairnessFlag = ApiSchema<'FairnessFlag'>;

export const fairnessFlagsQueryKey = ['reports', 'fairness-flags'] as const;

/** Every flagged JD; only for users who may see reports (the server answers 403 to others). */
export function getFairnessFlags({ signal }: { signal?: AbortSignal } = {}): Promise<FairnessFlag[]> {
  return data(api.GET('/Reports/FairnessFlags', { signal }));
}

export const fairnessFlagsQueryOptions = () =>
  queryOptions({
    queryKey: fairnessFlagsQueryKey,
    queryFn: ({ signal }) => getFairnessFlags({ signal }),
    // One audit per JD on the server: a minute is fresh enough for a warning.
    staleTime: 60_000,
  });

export function useFairnessFlags({ enabled }: { enabled: boolean }) {
  return useQuery({ ...fairnessFlagsQueryOptions(), enabled });
}
