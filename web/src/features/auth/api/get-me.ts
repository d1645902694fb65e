import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type Me = ApiSchema<'UserInfo'>;

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  return api.get<Me>('/auth/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
  });

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
