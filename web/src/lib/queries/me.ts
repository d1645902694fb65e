/**
 * The signed-in recruiter (`GET /auth/me`): the shell shows the name, and pages offer
 * admin-only controls by `role` (the server checks the role on every request anyway).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type Me = ApiSchema<'UserInfo'>;

export const meQueryKey = ['auth', 'me'] as const;

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  return data(api.GET('/auth/me', { signal }));
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
  });

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}

/** Whether the signed-in recruiter is an admin; false while unknown. */
export function useIsAdmin(): boolean {
  return useMe().data?.role === 'admin';
}
