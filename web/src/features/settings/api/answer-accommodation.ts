import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data, isApiError } from '@/lib/api-client';
import { activityQueryKey } from '@/lib/queries/activity';

import { accommodationRequestsQueryKey } from './get-accommodation-requests';
import type { AccommodationRequest } from './types';

/**
 * Answers a request: e-mailed to the candidate and kept with it. The answer is every request;
 * 409 `state_changed` when a colleague answered it first.
 */
export function answerAccommodation({ id, answer }: { id: number; answer: string }): Promise<AccommodationRequest[]> {
  return data(api.POST('/Settings/AccommodationRequests/{id}/Answer', { params: { path: { id } }, body: { answer: answer.trim() } }));
}

export function useAnswerAccommodation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAccommodation,
    onSuccess: (requests) => queryClient.setQueryData(accommodationRequestsQueryKey, requests),
    onError: (error) => {
      // Answered by a colleague meanwhile: show the list as it is now.
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: accommodationRequestsQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityQueryKey }),
  });
}
