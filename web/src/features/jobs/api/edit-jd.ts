import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Done } from './types';
import type { ApiSchema } from '@/lib/api/types';

/**
 * The edit payload under the names the API documents (the server matches names ignoring case,
 * so the spec's PascalCase `JobDescId`, `Jdname`… are the same fields; its `CreatedOn` is not
 * one: the server keeps a JD's creation time).
 */
export type EditJdPayload = ApiSchema<'EditJobBody'>;

export function editJd(payload: EditJdPayload): Promise<Done> {
  return data(api.POST('/Drive/EditJDFolder', { body: payload }));
}

export function useEditJd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editJd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jdKeys.all }),
  });
}
