/**
 * The AI interviewers (`GET /Voice/assistants`), shared by every page that lists them: the
 * assistants pages, call history and the invite dialog read one query under one key, so
 * creating or deleting an assistant refreshes all of them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type Assistant = ApiSchema<'AssistantView'>;

export const assistantsQueryKey = ['assistants'] as const;

export function getAssistants({ signal }: { signal?: AbortSignal } = {}): Promise<Assistant[]> {
  return data(api.GET('/Voice/assistants', { signal }));
}

// The server already retries the provider with backoff; a failure here is final.
export const assistantsQueryOptions = () =>
  queryOptions({ queryKey: assistantsQueryKey, queryFn: ({ signal }) => getAssistants({ signal }), retry: false });

/** Every assistant; `select` narrows it for a page that needs less. */
export function useAssistantList<T = Assistant[]>({
  enabled = true,
  select,
}: { enabled?: boolean; select?: (all: Assistant[]) => T } = {}) {
  return useQuery({ ...assistantsQueryOptions(), enabled, select });
}
