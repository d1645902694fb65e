import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { voiceKeys } from './types';
import type { AssistantRubric, RubricBody } from './types';

/**
 * An assistant's questions with the key points a strong answer covers; with `jdId`, each
 * question also gets the JD's key skills that fit it as suggestions. 404 for an assistant the
 * provider does not have.
 */
export function getRubric({ id, jdId, signal }: { id: string; jdId: string | null; signal?: AbortSignal }): Promise<AssistantRubric> {
  return data(api.GET('/Voice/assistants/{id}/rubric', { params: { path: { id }, query: jdId ? { jdId } : {} }, signal }));
}

export function useRubric(id: string, jdId: string | null = null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: voiceKeys.rubric(id, jdId),
    queryFn: ({ signal }) => getRubric({ id, jdId, signal }),
    enabled,
    // While another JD's suggestions load, the last JD's stay on screen.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Stores the key points and competency of the assistant's questions; the answer is the rubric as
 * stored (blank points dropped). 400 when a question has too many points, a point is too long,
 * or a number is not one of the assistant's questions.
 */
export function saveRubric({ id, body }: { id: string; body: RubricBody }): Promise<AssistantRubric> {
  return data(api.PUT('/Voice/assistants/{id}/rubric', { params: { path: { id } }, body }));
}

export function useSaveRubric(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RubricBody) => saveRubric({ id, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.rubrics(id) }),
  });
}
