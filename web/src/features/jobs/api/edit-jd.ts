import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Done } from './types';

/** The edit payload, PascalCase as the spec sends it (SPEC section 7). */
export type EditJdPayload = {
  JobDescId: number | string;
  Jdid: string;
  Jdname: string;
  Jddescription: string;
  KeySkills: string;
  AdditionalNotes: string;
  Experience: string;
  /** '' keeps the stored date; `YYYY-MM-DD` replaces it. */
  applyLastDate: string;
  /** ISO; now when the JD's own is unknown. */
  CreatedOn: string;
};

export function editJd(payload: EditJdPayload): Promise<Done> {
  return api.post<Done>('/Drive/EditJDFolder', payload);
}

export function useEditJd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editJd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jdKeys.all }),
  });
}
