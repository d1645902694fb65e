import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, apiErrorMessage, data, isApiError } from '@/lib/api-client';

import { CANDIDATE_LISTS_KEY, pipelineKeys } from './types';
import type { MoveBody, MoveResult } from './types';

export const MOVE_FAILED = 'Failed to move the candidate.';

/** Moves candidates to a stage, all or none; a decision may e-mail each of them. */
export function moveCandidates(body: MoveBody): Promise<MoveResult> {
  return data(api.POST('/Pipeline/Move', { body }));
}

/** Whether the move was refused because a candidate's stage changed since it was shown (409). */
export function isStageChanged(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'stage_changed';
}

/** The server's words for a refused move ('A candidate in New cannot move to Hired.'), else a generic text. */
export function moveErrorMessage(error: unknown): string {
  return apiErrorMessage(error, MOVE_FAILED);
}

/**
 * Moves candidates, then reloads the boards and the candidate lists (a refused move too: the
 * stages it was refused over may have changed meanwhile).
 */
export function useMoveCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCandidates,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
        queryClient.invalidateQueries({ queryKey: CANDIDATE_LISTS_KEY }),
      ]),
  });
}
