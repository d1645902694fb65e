import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { assistantKeys } from './types';
import type { AssistantOption } from './types';

/**
 * The AI interviewers to choose from when inviting. The voice feature has its
 * own query for its pages; features do not import each other, and the invite
 * dialog needs only the id and the name.
 */
export async function getAssistantOptions({ signal }: { signal?: AbortSignal } = {}): Promise<AssistantOption[]> {
  const list = await api.get<unknown>('/Voice/assistants', { signal });
  if (!Array.isArray(list)) throw new Error('The assistant list is not a list.');
  return list
    .filter((item): item is { id: string; name?: unknown } => typeof (item as { id?: unknown } | null)?.id === 'string')
    .map(({ id, name }) => ({ id, name: typeof name === 'string' ? name : null }));
}

// The server already retries the provider with backoff; a failure here is final.
export const assistantOptionsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.list, queryFn: ({ signal }) => getAssistantOptions({ signal }), retry: false });

export function useAssistantOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assistantOptionsQueryOptions(), enabled });
}
