import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Posting, PostingInput } from './types';

/**
 * Publishes, unpublishes or edits a JD's job page; the answer is the page as saved. 400
 * `validation` for a bad address, location or country, or a JD that takes a CSV list; 409
 * `slug_taken` when another JD's page has the address.
 */
export function savePosting(input: PostingInput): Promise<Posting> {
  return data(api.PUT('/Careers/Posting', { body: input }));
}

const saveKey = (jdid: string) => [...jdKeys.posting(jdid), 'save'] as const;

/** Saves the job page of the JD the page shows (`jdid`, the key its query is under). */
export function useSavePosting(jdid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveKey(jdid),
    mutationFn: savePosting,
    onSuccess: (posting) => queryClient.setQueryData(jdKeys.posting(jdid), posting),
  });
}

/** Whether a save is under way (its dialog stays open until it is done). */
export function useSavingPosting(jdid: string): boolean {
  return useIsMutating({ mutationKey: saveKey(jdid) }) > 0;
}
