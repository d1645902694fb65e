import type { ReactNode } from 'react';

import { formatDate, formatDateTime } from '@/lib/date-time';

import type { BiasAudit } from '../api/types';
import { categorySetLabel } from '../lib/audit';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** What an LL144 summary states besides the tables: when, over what data, in which categories, by which versions. */
export function AuditSummary({ audit, jobName }: { audit: BiasAudit; jobName: string | null }) {
  const period =
    audit.from || audit.to
      ? `${audit.from ? formatDate(audit.from) : 'The start'} to ${audit.to ? formatDate(audit.to) : 'today'}`
      : 'All data';
  return (
    <dl
      data-testid="audit-summary"
      className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3 print:shadow-none"
    >
      <Item term="Audit date">
        <time dateTime={audit.generatedAt}>{formatDateTime(audit.generatedAt)}</time>
      </Item>
      <Item term="Data source">{audit.dataSource}</Item>
      <Item term="Categories">{categorySetLabel(audit.categorySet)}</Item>
      <Item term="Period">{period}</Item>
      <Item term="Jobs">{jobName ?? (audit.jdId === null ? 'All jobs' : `Job ${audit.jdId}`)}</Item>
      <Item term="Scoring versions">{audit.scoringVersions.length > 0 ? audit.scoringVersions.join(', ') : 'None yet'}</Item>
      <Item term="Smallest group compared">{audit.minPerCell} individuals</Item>
      <Item term="Audit version">{audit.version}</Item>
    </dl>
  );
}
