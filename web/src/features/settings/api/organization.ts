import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { Organization, OrganizationInput } from './types';

export const organizationQueryKey = ['settings', 'organization'] as const;

/** The organisation's name in use (an admin's, else the configuration's) and the configuration's. */
export function getOrganization({ signal }: { signal?: AbortSignal } = {}): Promise<Organization> {
  return data(api.GET('/Settings/Organization', { signal }));
}

export const organizationQueryOptions = () =>
  queryOptions({ queryKey: organizationQueryKey, queryFn: ({ signal }) => getOrganization({ signal }) });

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}

/** Saves the name (admins only); 400 `invalid_body` for an empty, too long or multi-line name. */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationInput) => data(api.PUT('/Settings/Organization', { body })),
    onSuccess: (saved) => queryClient.setQueryData(organizationQueryKey, saved),
  });
}
