import { useMutation } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

/** GET /Interview/StartInterview/{inviteId}: the meeting link, only inside the join window. */
export function startInterview(inviteId: string): Promise<{ Uri: string }> {
  return data(api.GET('/Interview/StartInterview/{inviteId}', { params: { path: { inviteId } } }));
}

export function useStartInterview() {
  return useMutation({ mutationFn: startInterview });
}
