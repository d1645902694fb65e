import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { JdSummary } from './types';

/** The JD a candidate list belongs to (name, whether it takes resumes). */
export function getJdInfo({ jdid, signal }: { jdid: string; signal?: AbortSignal }): Promise<JdSummary> {
  return data(api.GET('/Drive/GetJDByID', { params: { query: { jdId: jdid } }, signal }));
}

export const jdInfoQueryOptions = (jdid: string) =>
  queryOptions({ queryKey: candidateKeys.jdInfo(jdid), queryFn: ({ signal }) => getJdInfo({ jdid, signal }) });

export function useJdInfo(jdid: string) {
  return useQuery(jdInfoQueryOptions(jdid));
}
