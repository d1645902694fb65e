import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { refreshAfterDecision } from './get-erasure-requests';
import type { ErasureRequest } from './types';

/**
 * Declines a request, keeping the data, with the reason the team keeps (admins only; 1 to 500
 * characters). 403 for a recruiter, 409 `state_changed` once decided.
 */
export function declineErasure({ id, reason }: { id: number; reason: string }): Promise<ErasureRequest> {
  return data(
    api.POST('/Settings/ErasureRequests/{id}/Decline', { params: { path: { id: String(id) } }, body: { reason: reason.trim() } }),
  );
}

export function useDeclineErasure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineErasure, onSettled: () => refreshAfterDecision(queryClient) });
}
