import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { BinEntry } from './types';

export function getBin({ signal }: { signal?: AbortSignal } = {}): Promise<BinEntry[]> {
  return data(api.GET('/Drive/Bin', { signal }));
}

export const binQueryOptions = () => queryOptions({ queryKey: jdKeys.bin(), queryFn: ({ signal }) => getBin({ signal }) });

export function useBin() {
  return useQuery(binQueryOptions());
}
