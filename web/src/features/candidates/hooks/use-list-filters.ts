import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { applyFilters, readFilters, writeFilters } from '../lib/list-filters';
import type { ListFilters } from '../lib/list-filters';

/** A candidate list's page, sort and filters, kept in the URL so reloads and links keep them. */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<ListFilters>) =>
      setParams((current) => writeFilters(applyFilters(readFilters(current), patch), current), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return [filters, update] as const;
}
