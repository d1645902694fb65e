import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

import { biasAuditKeys } from './types';
import type { AuditFilters, BiasAudit } from './types';

/** The filters as the query string wants them: an empty filter is left out. */
const auditQuery = ({ from, to, jdId }: AuditFilters) => ({ from: from || undefined, to: to || undefined, jdId: jdId || undefined });

/**
 * The bias audit over the filters (admins and recruiters given the reports permission; 403
 * otherwise, 404 when self-identification is off or the JD does not exist).
 */
export async function getBiasAudit({ filters, signal }: { filters: AuditFilters; signal?: AbortSignal }): Promise<BiasAudit> {
  const audit = await data(api.GET('/Reports/BiasAudit', { params: { query: auditQuery(filters) }, signal }));
  // The path documents both JSON and CSV; without `format=csv` the answer is the JSON one.
  return audit as BiasAudit;
}

export const biasAuditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: biasAuditKeys.audit(filters),
    queryFn: ({ signal }) => getBiasAudit({ filters, signal }),
    // Changing a filter keeps the tables in place until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useBiasAudit(filters: AuditFilters) {
  return useQuery(biasAuditQueryOptions(filters));
}

export const CSV_FILE_NAME = 'bias-audit.csv';

/** Downloads the audit's rows as CSV, the same filters applied. */
export async function downloadBiasAuditCsv(filters: AuditFilters): Promise<void> {
  const csv = await data(
    api.GET('/Reports/BiasAudit', {
      params: { query: { ...auditQuery(filters), format: 'csv' } },
      headers: { Accept: 'text/csv' },
      parseAs: 'blob',
    }),
  );
  saveFile(csv, CSV_FILE_NAME);
}
