import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { JdFormValues } from '../lib/jd-rules';
import { jdKeys } from './types';

/** The create payload of SPEC section 3. */
export type CreateJdPayload = {
  jobDescId: 0;
  jdid: string;
  jdname: string;
  jddescription: string;
  keySkills: string;
  experience: string;
  resumeRequired: boolean;
  applyLastDate: string | null;
  additionalNotes: string;
  createdOn: string;
};

export type CreateJdResponse = { success: boolean; message: string; jobDescId: number; jdid: string };

export function toCreatePayload(
  values: JdFormValues,
  { folder = '', now = new Date() }: { folder?: string; now?: Date } = {},
): CreateJdPayload {
  return {
    jobDescId: 0,
    jdid: folder,
    jdname: values.jdname.trim(),
    jddescription: values.jddescription,
    keySkills: values.keySkills.trim(),
    experience: values.experience.trim(),
    resumeRequired: values.resumeRequired,
    applyLastDate: values.applyLastDate.trim() || null,
    additionalNotes: values.additionalNotes.trim(),
    createdOn: now.toISOString(),
  };
}

export function createJd(payload: CreateJdPayload): Promise<CreateJdResponse> {
  return data(api.POST('/Drive/CreateJobFolder', { body: payload }));
}

export function useCreateJd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jdKeys.all }),
  });
}
