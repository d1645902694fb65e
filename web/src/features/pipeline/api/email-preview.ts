import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { pipelineKeys } from './types';
import type { EmailPreview, PreviewBody } from './types';

/** A decision e-mail as one candidate will get it (variables filled, the address it goes to). */
export function getEmailPreview({ input, signal }: { input: PreviewBody; signal?: AbortSignal }): Promise<EmailPreview> {
  return data(api.POST('/Pipeline/EmailPreview', { body: input, signal }));
}

export const emailPreviewQueryOptions = (input: PreviewBody) =>
  queryOptions({
    queryKey: pipelineKeys.preview(input),
    queryFn: ({ signal }) => getEmailPreview({ input, signal }),
    // An unknown variable is an answer to show, not a glitch to retry.
    retry: false,
    staleTime: Infinity,
  });

/** The preview of `input`; `null` while there is nothing to preview. */
export function useEmailPreview(input: PreviewBody | null) {
  return useQuery({
    ...emailPreviewQueryOptions(input ?? { resumeId: 0, subject: '', body: '' }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
