import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /Interview/StartInterview/{inviteId}: the meeting link, only inside the join window. */
export function startInterview(inviteId: string): Promise<{ Uri: string }> {
  return api.get<{ Uri: string }>(`/Interview/StartInterview/${encodeURIComponent(inviteId)}`);
}

export function useStartInterview() {
  return useMutation({ mutationFn: startInterview });
}
