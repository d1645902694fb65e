import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { ResumePreview } from './types';

/** How to show a resume inside the app: a PDF's signed link, or a DOCX as HTML sanitised on the server. */
export function getResumePreview({ resumeFileId, signal }: { resumeFileId: string; signal?: AbortSignal }): Promise<ResumePreview> {
  return data(api.GET('/Drive/ResumePreview', { params: { query: { resumeFileId } }, signal }));
}

export const resumePreviewQueryOptions = (resumeFileId: string) =>
  queryOptions({
    queryKey: candidateKeys.preview(resumeFileId),
    queryFn: ({ signal }) => getResumePreview({ resumeFileId, signal }),
    // The answer carries a link that expires in 30 minutes: every opening asks afresh.
    staleTime: 0,
    gcTime: 0,
  });

export function useResumePreview(resumeFileId: string) {
  return useQuery(resumePreviewQueryOptions(resumeFileId));
}
