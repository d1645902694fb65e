import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { ResumeDetails } from './types';

/** The analysis of one resume: the first item of the answer, or null for an empty list. */
export async function getResumeDetails({ resumeId, signal }: { resumeId: string; signal?: AbortSignal }): Promise<ResumeDetails | null> {
  const list = await data(api.GET('/Interview/ResumeDetails', { params: { query: { resumeId } }, signal }));
  return Array.isArray(list) ? (list[0] ?? null) : null;
}

export const resumeDetailsQueryOptions = (resumeId: string) =>
  queryOptions({
    queryKey: candidateKeys.details(resumeId),
    queryFn: ({ signal }) => getResumeDetails({ resumeId, signal }),
    // Keep it live while the resume is still being analysed.
    refetchInterval: (query) => {
      const status = query.state.data?.analysisStatus;
      return status === 'queued' || status === 'analysing' ? 1500 : false;
    },
  });

export function useResumeDetails(resumeId: string) {
  return useQuery(resumeDetailsQueryOptions(resumeId));
}
