import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { refreshAfterDecision } from './get-erasure-requests';
import type { ErasureConfirmed } from './types';

/**
 * Confirms a request (admins only): everything held about its address is erased, in every job.
 * 403 for a recruiter, 409 `state_changed` once decided.
 */
export function confirmErasure({ id }: { id: number }): Promise<ErasureConfirmed> {
  return data(api.POST('/Settings/ErasureRequests/{id}/Confirm', { params: { path: { id: String(id) } } }));
}

export function useConfirmErasure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmErasure, onSettled: () => refreshAfterDecision(queryClient) });
}
