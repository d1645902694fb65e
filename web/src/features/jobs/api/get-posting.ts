import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Posting } from './types';

/** A JD's job page: published or not, its address, where the work is and the applications so far. */
export function getPosting({ jdid, signal }: { jdid: string; signal?: AbortSignal }): Promise<Posting> {
  return data(api.GET('/Careers/Posting', { params: { query: { jdId: jdid } }, signal }));
}

export const postingQueryOptions = (jdid: string) =>
  queryOptions({ queryKey: jdKeys.posting(jdid), queryFn: ({ signal }) => getPosting({ jdid, signal }) });

export function usePosting(jdid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...postingQueryOptions(jdid), enabled });
}
