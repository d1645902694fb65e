import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Done } from './types';

export function restoreJd({ id }: { id: number | string }): Promise<Done> {
  return data(api.POST('/Drive/RestoreJD', { params: { query: { id: String(id) } } }));
}

export function useRestoreJd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreJd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jdKeys.all }),
  });
}
