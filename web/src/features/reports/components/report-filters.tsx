import { PeriodAndJobFilters } from '@/components/filters/period-and-job';

import type { ReportFilters } from '../lib/filters';

/** From, to and the job the reports count; each change reports again (and is kept in the URL). */
export function ReportFiltersForm({
  filters,
  shown,
  onChange,
}: {
  filters: ReportFilters;
  /** The period the server reported (its default when the URL names none). */
  shown: { from: string; to: string } | null;
  onChange: (filters: ReportFilters) => void;
}) {
  const value = { from: filters.from || shown?.from || '', to: filters.to || shown?.to || '', jdId: filters.jdId };
  return <PeriodAndJobFilters value={value} min="2000-01-01" onChange={(change) => onChange({ ...filters, ...change })} />;
}
