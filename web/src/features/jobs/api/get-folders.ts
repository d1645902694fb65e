import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { jdKeys } from './types';
import type { JdFolder } from './types';

export function getFolders({ signal }: { signal?: AbortSignal } = {}): Promise<JdFolder[]> {
  return api.get<JdFolder[]>('/Drive/JDFolders', { signal });
}

export const foldersQueryOptions = () => queryOptions({ queryKey: jdKeys.folders(), queryFn: ({ signal }) => getFolders({ signal }) });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}
