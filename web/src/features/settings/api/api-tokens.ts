import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { ApiToken, CreatedApiToken, NewApiTokenInput } from './types';

export const apiTokensQueryKey = ['settings', 'api-tokens'] as const;

/** Every API token, the newest first, revoked ones included (admins only). */
export function getApiTokens({ signal }: { signal?: AbortSignal } = {}): Promise<ApiToken[]> {
  return data(api.GET('/Settings/ApiTokens', { signal }));
}

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => getApiTokens({ signal }),
    // Last use changes with every integration's call: each visit shows the current list.
    staleTime: 0,
  });

export function useApiTokens({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiTokensQueryOptions(), enabled });
}

/** Makes a token; the answer's `secret` is the only time it is shown. 400 for a bad name, scope or expiry. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiTokenInput): Promise<CreatedApiToken> => data(api.POST('/Settings/ApiTokens', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** Revokes a token at once, on every server; revoking it again changes nothing. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }): Promise<ApiToken> =>
      data(api.DELETE('/Settings/ApiTokens/{id}', { params: { path: { id: String(id) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
