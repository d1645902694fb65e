import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MyApplication } from './types';

/**
 * Asks for the candidate's data to be erased: an administrator confirms (or declines) it. Asking
 * again while a request waits changes nothing. The answer is the page, `erasureRequested` set.
 */
export function requestErasure({ token }: { token: string }): Promise<MyApplication> {
  return data(api.POST('/Application/{token}/Erasure', { params: { path: { token } } }));
}

export function useRequestErasure(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestErasure({ token }),
    onSuccess: (page) => queryClient.setQueryData(applicationKeys.page(token), page),
  });
}
