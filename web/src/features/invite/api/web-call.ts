import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { WebCallSession } from './types';

/** POST /Interview/WebCall/{inviteId}: the provider session the join page starts. */
export function createWebCall(inviteId: string): Promise<WebCallSession> {
  return api.post<WebCallSession>(`/Interview/WebCall/${encodeURIComponent(inviteId)}`);
}

export function useCreateWebCall() {
  return useMutation({ mutationFn: createWebCall });
}
