import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { pipelineKeys } from './types';
import type { BoardCard } from './types';

/**
 * One candidate's card (stage, the stage they may go back to, when it changed), as the
 * candidate's own record carries it (`boardCard`): one request, whatever column they are in.
 * Null when no candidate has this id.
 */
export async function getCandidateCard({ resumeId, signal }: { resumeId: number; signal?: AbortSignal }): Promise<BoardCard | null> {
  const list = await data(api.GET('/Interview/ResumeDetails', { params: { query: { resumeId: String(resumeId) } }, signal }));
  return Array.isArray(list) ? (list[0]?.boardCard ?? null) : null;
}

export const candidateCardQueryOptions = (jdid: string, resumeId: number) =>
  queryOptions({
    // Under the board's key: a move (which refreshes every pipeline query) refreshes it too.
    queryKey: pipelineKeys.candidate(jdid, resumeId),
    queryFn: ({ signal }) => getCandidateCard({ resumeId, signal }),
    staleTime: 0,
  });

export function useCandidateCard(jdid: string, resumeId: number) {
  return useQuery(candidateCardQueryOptions(jdid, resumeId));
}
