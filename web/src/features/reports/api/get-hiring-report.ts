import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiParams, ApiSchema } from '@/lib/api/types';
import { saveFile } from '@/lib/save-file';

import type { ReportFilters } from '../lib/filters';

export type HiringReport = ApiSchema<'HiringReport'>;
export type FunnelCounts = ApiSchema<'FunnelCounts'>;
export type ReportFunnelStep = ApiSchema<'FunnelStep'>;
/** Which report a CSV holds (`funnel`, `stages`, `times`, `sources`, `interviews`, `recruiters`). */
export type ReportKind = ApiParams<'/Reports/Hiring/Csv', 'get'>['query']['report'];

/** The filters as the query string wants them: an empty filter is left out (the server's default). */
const reportQuery = ({ from, to, jdId }: ReportFilters) => ({ from: from || undefined, to: to || undefined, jdId: jdId || undefined });

export const reportKeys = {
  all: ['reports'] as const,
  hiring: (filters: ReportFilters) => ['reports', 'hiring', filters] as const,
};

/** The hiring reports over the filters (403 without the reports permission, 400 for a period outside the limits). */
export function getHiringReport({ filters, signal }: { filters: ReportFilters; signal?: AbortSignal }): Promise<HiringReport> {
  return data(api.GET('/Reports/Hiring', { params: { query: reportQuery(filters) }, signal }));
}

export const hiringReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportKeys.hiring(filters),
    queryFn: ({ signal }) => getHiringReport({ filters, signal }),
    // Changing a filter keeps the charts in place until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useHiringReport(filters: ReportFilters) {
  return useQuery(hiringReportQueryOptions(filters));
}

/** Downloads one report as CSV, the same filters applied, named after the report and its period. */
export async function downloadReportCsv(filters: ReportFilters, report: ReportKind, fileName: string): Promise<void> {
  const csv = await data(
    api.GET('/Reports/Hiring/Csv', {
      params: { query: { ...reportQuery(filters), report } },
      headers: { Accept: 'text/csv' },
      parseAs: 'blob',
    }),
  );
  // Read as a blob; typed as the document's text, which a Blob wraps as it is.
  saveFile(new Blob([csv], { type: 'text/csv' }), fileName);
}
