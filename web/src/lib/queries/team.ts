/**
 * The hiring team (`GET /Team`), shared by the Team settings page and the activity feed's
 * actor filter: one query under one key, so a colleague invited or removed shows everywhere.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type TeamMember = ApiSchema<'TeamMember'>;

export const teamQueryKey = ['team'] as const;

export function getTeam({ signal }: { signal?: AbortSignal } = {}): Promise<TeamMember[]> {
  return data(api.GET('/Team', { signal }));
}

export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: ({ signal }) => getTeam({ signal }) });

export function useTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teamQueryOptions(), enabled });
}
