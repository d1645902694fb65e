import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { assistantsQueryKey, useAssistantList } from '@/lib/queries/assistants';

import { voiceKeys } from './types';
import type { Assistant, CreateAssistantInput } from './types';
import type { ApiSchema } from '@/lib/api/types';

type IdAnswer = ApiSchema<'IdAnswer'>;

/** Every assistant: the shared query (the invite dialog reads the same one). */
export function useAssistants() {
  return useAssistantList();
}

export function getAssistant({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Assistant> {
  return data(api.GET('/Voice/assistants/{id}', { params: { path: { id } }, signal }));
}

export function useAssistant(id: string) {
  return useQuery({ queryKey: voiceKeys.assistant(id), queryFn: ({ signal }) => getAssistant({ id, signal }), retry: false });
}

export function createAssistant(input: CreateAssistantInput): Promise<IdAnswer> {
  return data(api.POST('/Voice/assistants', { body: input }));
}

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }),
  });
}

export function deleteAssistant(id: string): Promise<ApiSchema<'Done'>> {
  return data(api.DELETE('/Voice/assistants/{id}', { params: { path: { id } } }));
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }),
  });
}
