import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { inviteKeys } from './types';
import type { CandidateDetailsInput } from './types';

export function addCandidateDetails(input: CandidateDetailsInput): Promise<{ message: string }> {
  return data(api.POST('/Interview/AddCandidateDetails', { body: input }));
}

export function useAddCandidateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCandidateDetails,
    // `detailsSubmitted` changes: the invite page stops asking for the details.
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: inviteKeys.nextStep(input.inviteId) }),
  });
}
