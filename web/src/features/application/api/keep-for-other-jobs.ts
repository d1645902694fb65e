import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MyApplication } from './types';

/** Agrees to be kept for other jobs (inactivity then never erases the data), or takes it back. */
export function keepForOtherJobs({ token, keep }: { token: string; keep: boolean }): Promise<MyApplication> {
  return data(api.PUT('/Application/{token}/KeepForOtherJobs', { params: { path: { token } }, body: { keep } }));
}

export function useKeepForOtherJobs(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keep: boolean) => keepForOtherJobs({ token, keep }),
    onSuccess: (page) => queryClient.setQueryData(applicationKeys.page(token), page),
  });
}
