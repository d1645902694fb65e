import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { DetailsFormAnswer, DetailsFormSettings } from '@/lib/details-form';

export const detailsFormQueryKey = ['settings', 'details-form'] as const;

/** The details form candidates are asked (admins only); the spec's while nothing is saved. */
export function getDetailsFormSettings({ signal }: { signal?: AbortSignal } = {}): Promise<DetailsFormAnswer> {
  return data(api.GET('/Settings/DetailsForm', { signal }));
}

export const detailsFormQueryOptions = () =>
  queryOptions({ queryKey: detailsFormQueryKey, queryFn: ({ signal }) => getDetailsFormSettings({ signal }) });

/** The form; only fetched for admins (the server refuses everyone else). */
export function useDetailsFormSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...detailsFormQueryOptions(), enabled });
}

/** Saves the form; 400 `validation` names each refused setting in `fields`. The answer (with ids given to new questions) becomes the query's data. */
export function useSaveDetailsForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DetailsFormSettings) => data(api.PUT('/Settings/DetailsForm', { body })),
    onSuccess: (saved) => queryClient.setQueryData(detailsFormQueryKey, saved),
  });
}

/** Goes back to the spec's form. */
export function useResetDetailsForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(api.DELETE('/Settings/DetailsForm')),
    onSuccess: (spec) => queryClient.setQueryData(detailsFormQueryKey, spec),
  });
}
