import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, data, page } from '@/lib/api-client';
import type { Page } from '@/lib/api-client';

import { pollWhileRunning } from '../lib/analysis-progress';
import { listParams } from './list-params';
import { candidateKeys } from './types';
import type { JdResume, ListQuery } from './types';

/** One page of a JD's candidates, paged, sorted and filtered on the server. */
export function getJdResumesPage({
  jdid,
  query,
  signal,
}: {
  jdid: string;
  query: ListQuery;
  signal?: AbortSignal;
}): Promise<Page<JdResume>> {
  return page(api.GET('/Drive/ViewJDResumes', { params: { query: { jdId: jdid, ...listParams(query) } }, signal }));
}

/** Every candidate of a JD (for the score chart and the analysis progress). */
export function getJdResumes({ jdid, signal }: { jdid: string; signal?: AbortSignal }): Promise<JdResume[]> {
  return data(api.GET('/Drive/ViewJDResumes', { params: { query: { jdId: jdid } }, signal }));
}

export const jdResumesPageQueryOptions = (jdid: string, query: ListQuery) =>
  queryOptions({
    queryKey: candidateKeys.jdPage(jdid, query),
    queryFn: ({ signal }) => getJdResumesPage({ jdid, query, signal }),
    placeholderData: keepPreviousData,
    // Live state of each row while its analysis runs.
    refetchInterval: (query) => pollWhileRunning(query.state.data?.items),
  });

export function useJdResumesPage(jdid: string, query: ListQuery) {
  return useQuery(jdResumesPageQueryOptions(jdid, query));
}

export const jdResumesQueryOptions = (jdid: string) =>
  queryOptions({
    queryKey: candidateKeys.jdAll(jdid),
    queryFn: ({ signal }) => getJdResumes({ jdid, signal }),
    refetchInterval: (query) => pollWhileRunning(query.state.data),
    staleTime: 0,
  });

/** All of a JD's candidates, polled every 1.5 s while any analysis is queued or running. */
export function useJdResumes(jdid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...jdResumesQueryOptions(jdid), enabled });
}
