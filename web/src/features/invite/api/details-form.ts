import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data, isApiError } from '@/lib/api-client';
import { SPEC_FORM } from '@/lib/details-form';
import type { DetailsFormSettings } from '@/lib/details-form';

import { inviteKeys } from './types';

/**
 * The details form this invite's candidate is asked. A server that does not know the route
 * (404, like an unknown invite, which the invite's own query reports) means the spec's form.
 */
export async function getDetailsForm({ inviteId, signal }: { inviteId: string; signal?: AbortSignal }): Promise<DetailsFormSettings> {
  try {
    return await data(api.GET('/Interview/DetailsForm/{inviteId}', { params: { path: { inviteId } }, signal }));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return SPEC_FORM;
    throw error;
  }
}

export const detailsFormQueryOptions = (inviteId: string) =>
  queryOptions({
    queryKey: inviteKeys.detailsForm(inviteId),
    queryFn: ({ signal }) => getDetailsForm({ inviteId, signal }),
  });

/** The form to render; disabled without an invite id. */
export function useDetailsForm(inviteId: string | null) {
  return useQuery({ ...detailsFormQueryOptions(inviteId ?? ''), enabled: Boolean(inviteId) });
}
