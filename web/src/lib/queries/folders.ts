/**
 * The JD folders (`GET /Drive/JDFolders`), shared by the JD pages and the pages that pick a
 * JD (the activity feed's filter): one query under one key, so a JD created, edited or
 * deleted refreshes every list (the JD mutations invalidate `['jds']`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type JdFolder = ApiSchema<'FolderItem'>;

export const foldersQueryKey = ['jds', 'folders'] as const;

export function getFolders({ signal }: { signal?: AbortSignal } = {}): Promise<JdFolder[]> {
  return data(api.GET('/Drive/JDFolders', { signal }));
}

export const foldersQueryOptions = () => queryOptions({ queryKey: foldersQueryKey, queryFn: ({ signal }) => getFolders({ signal }) });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}
