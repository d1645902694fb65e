import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { JdDetail } from './types';

/** One JD by its integer id or its folder id. */
export function getJd({ id, signal }: { id: string; signal?: AbortSignal }): Promise<JdDetail> {
  return data(api.GET('/Drive/GetJDByID', { params: { query: { jdId: id } }, signal }));
}

export const jdQueryOptions = (id: string) => queryOptions({ queryKey: jdKeys.detail(id), queryFn: ({ signal }) => getJd({ id, signal }) });

export function useJd(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...jdQueryOptions(id), enabled });
}
