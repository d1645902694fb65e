import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MyApplication } from './types';

/**
 * Withdraws the application (a pending interview invite is cancelled); the answer is the page
 * as it is now. 409 `state_changed` once a decision was made or it is withdrawn already.
 */
export function withdrawApplication({ token }: { token: string }): Promise<MyApplication> {
  return data(api.POST('/Application/{token}/Withdraw', { params: { path: { token } } }));
}

export function useWithdrawApplication(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawApplication({ token }),
    onSuccess: (page) => queryClient.setQueryData(applicationKeys.page(token), page),
    // A refusal means the application moved on meanwhile: show where it stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: applicationKeys.page(token) }),
  });
}
