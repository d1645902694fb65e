import { useMutation } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { WebCallSession } from './types';

/** POST /Interview/WebCall/{inviteId}: the provider session the join page starts. */
export function createWebCall(inviteId: string): Promise<WebCallSession> {
  return data(api.POST('/Interview/WebCall/{inviteId}', { params: { path: { inviteId } } }));
}

export function useCreateWebCall() {
  return useMutation({ mutationFn: createWebCall });
}
