/** The reports' filters, kept in the URL (?from=&to=&jdId=) so a report can be shared and reloaded. */
export type ReportFilters = {
  /** First and last day (YYYY-MM-DD), or '' for the server's default (the last 90 days). */
  from: string;
  to: string;
  /** A JD's folder id, or '' for every job. */
  jdId: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null): string => (value !== null && DAY.test(value) ? value : '');

export function readReportFilters(params: URLSearchParams): ReportFilters {
  return { from: day(params.get('from')), to: day(params.get('to')), jdId: params.get('jdId')?.trim() ?? '' };
}

/** The filters as a query string, empty ones left out. */
export function writeReportFilters(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'jdId'] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  return params;
}
