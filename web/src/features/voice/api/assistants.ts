import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { voiceKeys } from './types';
import type { Assistant } from './types';

export function getAssistants({ signal }: { signal?: AbortSignal } = {}): Promise<Assistant[]> {
  return api.get<Assistant[]>('/Voice/assistants', { signal });
}

// The server already retries the provider with backoff; a failure here is final.
export const assistantsQueryOptions = () =>
  queryOptions({ queryKey: voiceKeys.assistants(), queryFn: ({ signal }) => getAssistants({ signal }), retry: false });

export function useAssistants() {
  return useQuery(assistantsQueryOptions());
}

export function getAssistant({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Assistant> {
  return api.get<Assistant>(`/Voice/assistants/${encodeURIComponent(id)}`, { signal });
}

export function useAssistant(id: string) {
  return useQuery({ queryKey: voiceKeys.assistant(id), queryFn: ({ signal }) => getAssistant({ id, signal }), retry: false });
}

/** The Create Interview Assistant form as the server takes it. */
export type CreateAssistantInput = {
  assistantName: string;
  candidateName: string;
  role: string;
  experience: string;
  interviewTime: string;
  topics: string[];
  questions: string[];
  tools: string[];
};

export function createAssistant(input: CreateAssistantInput): Promise<{ id?: string }> {
  return api.post<{ id?: string }>('/Voice/assistants', input);
}

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.assistants() }),
  });
}

export function deleteAssistant(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(`/Voice/assistants/${encodeURIComponent(id)}`);
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.assistants() }),
  });
}
