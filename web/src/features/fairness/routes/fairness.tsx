import { useState } from 'react';

import { SettingsTabs } from '@/components/settings/settings-tabs';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { apiErrorMessage, isApiError } from '@/lib/api-client';
import { useFolders } from '@/lib/queries/folders';
import { useLogError } from '@/lib/use-log-error';

import { downloadBiasAuditCsv, useBiasAudit } from '../api/get-bias-audit';
import type { AuditFilters } from '../api/types';
import { AuditFiltersForm } from '../components/audit-filters';
import { AuditSummary } from '../components/audit-summary';
import { StepAuditCard } from '../components/step-audit-card';

export const FORBIDDEN = 'Only admins and recruiters given the reports permission can see this.';
export const SELF_ID_OFF = 'Self-identification is off, so there is nothing to audit: candidates are not asked about sex or race.';
export const AUDIT_FAILED = 'The bias audit could not be loaded.';
const EXPORT_FAILED = 'The CSV could not be downloaded.';
const NO_FILTERS: AuditFilters = { from: '', to: '', jdId: '' };

/** Why the server refused, in the page's words: the permission, or nothing to audit. */
function refusal(error: unknown, filters: AuditFilters): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 403) return FORBIDDEN;
  if (error.status === 404) return filters.jdId ? apiErrorMessage(error, AUDIT_FAILED) : SELF_ID_OFF;
  if (error.status === 400) return apiErrorMessage(error, AUDIT_FAILED);
  return null;
}

/**
 * Settings › Fairness (/settings/fairness): the bias audit of the automated steps (NYC Local
 * Law 144), by sex, race/ethnicity and both, from candidates' voluntary self-identification. It
 * exports as CSV and prints as the summary the law asks to publish.
 */
export function FairnessRoute() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const audit = useBiasAudit(filters);
  const folders = useFolders();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  useLogError(audit.error, 'Failed to load the bias audit');

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadBiasAuditCsv(filters);
    } catch (error) {
      setExportError(apiErrorMessage(error, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  };

  const refused = audit.isError ? refusal(audit.error, filters) : null;
  const jobName = (folders.data ?? []).find((folder) => folder.jdid === filters.jdId)?.jdname ?? null;
  return (
    <PageFrame
      title="Settings"
      description="Whether the automated steps treat every group alike."
      actions={
        <div className="flex gap-2 print:hidden">
          <Button variant="secondary" disabled={!audit.data} loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          <Button variant="secondary" disabled={!audit.data} onClick={() => window.print()}>
            Print
          </Button>
        </div>
      }
    >
      <title>Fairness · Settings · Hirelane</title>
      <div className="print:hidden">
        <SettingsTabs />
      </div>

      <div className="mt-6 space-y-6">
        <div className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">Bias audit (NYC Local Law 144)</h2>
          <p className="max-w-3xl text-sm text-slate-700">
            For each automated step, every group&rsquo;s selection rate (or, for scores, the share above the median) is compared with the
            group that does best: the impact ratio. A ratio below 0.8 (four fifths) is marked. Groups under 2 % of the sample are shown but
            not compared, and small groups show no ratio, since one decision would swing it. The p-value says how likely a gap that large is
            by chance alone. Candidates&rsquo; answers are voluntary and only ever counted together.
          </p>
        </div>
        <AuditFiltersForm filters={filters} onChange={setFilters} />
        {exportError && <ErrorAlert>{exportError}</ErrorAlert>}

        {audit.isPending ? (
          <div aria-busy="true" aria-label="Loading the bias audit" className="h-64 animate-pulse rounded-xl bg-slate-100" />
        ) : refused ? (
          <p data-testid="audit-refused" className="rounded-xl bg-white px-6 py-10 text-center text-slate-700 ring-1 ring-slate-200">
            {refused}
          </p>
        ) : audit.isError ? (
          <LoadError message={AUDIT_FAILED} query={audit} />
        ) : (
          <>
            <AuditSummary audit={audit.data} jobName={jobName} />
            {audit.data.steps.map((step) => (
              <StepAuditCard key={step.step} step={step} />
            ))}
          </>
        )}
      </div>
    </PageFrame>
  );
}

export { FairnessRoute as Component };
