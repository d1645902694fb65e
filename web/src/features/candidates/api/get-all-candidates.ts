import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { CANDIDATES_PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { Page } from '@/lib/api-client';

import { pollWhileRunning } from '../lib/analysis-progress';
import { candidateKeys } from './types';
import type { AnyCandidate, ListQuery } from './types';

/** One page of the candidates of every JD, paged, sorted and filtered on the server. */
export function getAllCandidates({ query, signal }: { query: ListQuery; signal?: AbortSignal }): Promise<Page<AnyCandidate>> {
  const { page, sort, q, recommendation, stage } = query;
  return api.getPage<AnyCandidate>('/Drive/GetAllCandidates', {
    query: {
      page,
      pageSize: CANDIDATES_PAGE_SIZE,
      sort,
      q: q.trim() || undefined,
      recommendation: recommendation || undefined,
      stage: stage || undefined,
    },
    signal,
  });
}

export const allCandidatesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: candidateKeys.list(query),
    queryFn: ({ signal }) => getAllCandidates({ query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileRunning(q.state.data?.items),
  });

export function useAllCandidates(query: ListQuery) {
  return useQuery(allCandidatesQueryOptions(query));
}
