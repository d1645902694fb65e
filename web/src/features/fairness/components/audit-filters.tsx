import { PeriodAndJobFilters } from '@/components/filters/period-and-job';

import type { AuditFilters } from '../api/types';

/** From, to and the job the audit counts; each change audits again. */
export function AuditFiltersForm({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  return <PeriodAndJobFilters value={filters} onChange={(change) => onChange({ ...filters, ...change })} className="print:hidden" />;
}
