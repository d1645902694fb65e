import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, page } from '@/lib/api-client';
import type { Page } from '@/lib/api-client';

import { pollWhileRunning } from '../lib/analysis-progress';
import { listParams } from './list-params';
import { candidateKeys } from './types';
import type { AnyCandidate, ListQuery } from './types';

/** One page of the candidates of every JD (or of the chosen one), paged, sorted and filtered on the server. */
export function getAllCandidates({ query, signal }: { query: ListQuery; signal?: AbortSignal }): Promise<Page<AnyCandidate>> {
  return page(api.GET('/Drive/GetAllCandidates', { params: { query: { jdId: query.job || undefined, ...listParams(query) }, signal } }));
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
