import { useAssistantList } from '@/lib/queries/assistants';
import type { Assistant } from '@/lib/queries/assistants';

import type { AssistantOption } from './types';

/** What the invite dialog needs of each assistant. */
function toOptions(all: Assistant[]): AssistantOption[] {
  return all.map(({ id, name }) => ({ id, name }));
}

/**
 * The AI interviewers to choose from when inviting: the shared assistants query, so the list
 * is fresh after one is created or deleted on the assistants pages.
 */
export function useAssistantOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useAssistantList({ enabled, select: toOptions });
}
