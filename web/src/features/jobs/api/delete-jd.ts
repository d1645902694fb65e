import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Done } from './types';

/**
 * Moves a JD to the bin. Unlike the spec's client, the reason is sent (and
 * kept with the bin entry).
 */
export function deleteJd({ id, reason }: { id: number | string; reason: string }): Promise<Done> {
  return data(api.DELETE('/Drive/DeleteJD', { params: { query: { id: String(id), reason: reason.trim() } } }));
}

export function useDeleteJd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJd,
    // Marked stale, not refetched now: the page that deleted it is still mounted and would ask
    // for the JD it just binned (404s in the console); the page it goes to refetches on mount.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jdKeys.all, refetchType: 'none' }),
  });
}
