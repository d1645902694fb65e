import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { inviteKeys } from './types';
import type { NextStep } from './types';

export function getNextStep({ inviteId, signal }: { inviteId: string; signal?: AbortSignal }): Promise<NextStep> {
  return data(api.GET('/Interview/NextStep/{inviteId}', { params: { path: { inviteId } }, signal }));
}

export const nextStepQueryOptions = (inviteId: string) =>
  queryOptions({
    queryKey: inviteKeys.nextStep(inviteId),
    queryFn: ({ signal }) => getNextStep({ inviteId, signal }),
    // The invite changes elsewhere (the call ends, the window closes): look again when the
    // candidate comes back to the tab.
    refetchOnWindowFocus: true,
  });

/** The invite's state; disabled without an invite id. */
export function useNextStep(inviteId: string | null) {
  return useQuery({ ...nextStepQueryOptions(inviteId ?? ''), enabled: Boolean(inviteId) });
}
