import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MySelfIdentification, SelfIdAnswers } from './types';

const path = (token: string) => ({ params: { path: { token } } });

/** The questions (none when the employer does not ask) and the answers given. */
export function getSelfIdentification({ token, signal }: { token: string; signal?: AbortSignal }): Promise<MySelfIdentification> {
  return data(api.GET('/Application/{token}/SelfIdentification', { ...path(token), signal }));
}

/** Saves the answers; 400 `validation` for a code outside the listed ones. */
export function saveSelfIdentification({ token, answers }: { token: string; answers: SelfIdAnswers }): Promise<MySelfIdentification> {
  return data(api.PUT('/Application/{token}/SelfIdentification', { ...path(token), body: answers }));
}

export function deleteSelfIdentification({ token }: { token: string }): Promise<MySelfIdentification> {
  return data(api.DELETE('/Application/{token}/SelfIdentification', path(token)));
}

export function useSelfIdentification(token: string) {
  return useQuery({
    queryKey: applicationKeys.selfIdentification(token),
    queryFn: ({ signal }) => getSelfIdentification({ token, signal }),
  });
}

/** Save and Delete both answer the questions with the answers now kept. */
export function useChangeSelfIdentification(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: SelfIdAnswers | null) =>
      answers ? saveSelfIdentification({ token, answers }) : deleteSelfIdentification({ token }),
    onSuccess: (page) => queryClient.setQueryData(applicationKeys.selfIdentification(token), page),
  });
}
