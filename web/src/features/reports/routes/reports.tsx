import { useSearchParams } from 'react-router';

import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { apiErrorMessage, isApiError } from '@/lib/api-client';
import { useLogError } from '@/lib/use-log-error';

import { downloadReportCsv, useHiringReport } from '../api/get-hiring-report';
import type { ReportKind } from '../api/get-hiring-report';
import { InterviewsReport, RecruitersReport } from '../components/activity-report';
import { DurationsReport } from '../components/durations-report';
import { FunnelReport } from '../components/funnel-report';
import { ReportFiltersForm } from '../components/report-filters';
import { SourcesReport } from '../components/sources-report';
import { readReportFilters, writeReportFilters } from '../lib/filters';
import type { ReportFilters } from '../lib/filters';

export const FORBIDDEN = 'Only admins and recruiters given the reports permission can see reports.';
export const REPORT_FAILED = 'The reports could not be loaded.';

/** The file names of the CSV downloads: the report and its period. */
const FILE_STEMS: Record<ReportKind, string> = {
  funnel: 'funnel',
  stages: 'days-in-stage',
  times: 'time-to-hire',
  sources: 'sources',
  interviews: 'ai-interviews',
  recruiters: 'recruiter-activity',
};

/** Why the server refused, in the page's words: the permission, or a filter outside the limits (the server names them). */
function refusal(error: unknown): string {
  if (isApiError(error) && error.status === 403) return FORBIDDEN;
  if (isApiError(error) && (error.status === 400 || error.status === 404)) return apiErrorMessage(error, REPORT_FAILED);
  return REPORT_FAILED;
}

/**
 * Reports (/reports): the hiring reports a team meets over, for admins and recruiters given the
 * reports permission. The filters live in the URL; every number links to the candidates behind it.
 */
export function ReportsRoute() {
  const [params, setParams] = useSearchParams();
  const filters = readReportFilters(params);
  const report = useHiringReport(filters);
  useLogError(report.error, 'Failed to load the reports');
  const setFilters = (next: ReportFilters) => setParams(writeReportFilters(next), { replace: true });
  const data = report.data;
  const download = (kind: ReportKind) => () =>
    downloadReportCsv(filters, kind, `${FILE_STEMS[kind]}-${data?.from ?? ''}-to-${data?.to ?? ''}.csv`);

  return (
    <PageFrame title="Reports" description="Funnel, time in stage, sources, AI interviews and recruiter activity.">
      <title>Reports · Hirelane</title>
      <div className="mt-6 space-y-6">
        <ReportFiltersForm filters={filters} shown={data ? { from: data.from, to: data.to } : null} onChange={setFilters} />
        {report.isError && !data ? (
          <LoadError message={refusal(report.error)} query={report} />
        ) : !data ? (
          <div aria-busy="true" aria-label="Loading the reports" className="h-64 animate-pulse rounded-xl bg-slate-100" />
        ) : (
          <>
            {report.isError && (
              <p role="alert" className="text-sm text-red-700">
                {refusal(report.error)}
              </p>
            )}
            <FunnelReport report={data} jdId={filters.jdId} onDownload={download('funnel')} />
            <DurationsReport report={data} jdId={filters.jdId} onDownload={download('stages')} />
            <SourcesReport report={data} jdId={filters.jdId} onDownload={download('sources')} />
            <InterviewsReport report={data} jdId={filters.jdId} onDownload={download('interviews')} />
            <RecruitersReport report={data} jdId={filters.jdId} onDownload={download('recruiters')} />
          </>
        )}
      </div>
    </PageFrame>
  );
}

export { ReportsRoute as Component };
