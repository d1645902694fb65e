import { cn } from '@/components/ui/cn';

import type { AuditTable, StepAudit } from '../api/types';
import { dimensionLabel, formatPValue, formatRate, formatRatio, rateLabel, statusLabel } from '../lib/audit';

const cell = 'px-3 py-2';
const number = `${cell} text-right tabular-nums`;

function DimensionTable({ step, table }: { step: StepAudit; table: AuditTable }) {
  const dimension = dimensionLabel(table.dimension);
  return (
    <div className="mt-5 break-inside-avoid">
      <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table data-testid="audit-table" data-dimension={table.dimension} className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-900">
            {dimension}
            <span className="sr-only">{`, ${step.label}`}</span>
          </caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className={cell}>
                Category
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Count
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {rateLabel(step.measure)}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Impact ratio
              </th>
              <th scope="col" className={`${cell} text-right`}>
                p-value
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.rows.map((row) => (
              <tr
                key={row.category}
                data-testid="audit-row"
                data-category={row.category}
                className={cn(row.adverse ? 'bg-amber-50' : row.status !== 'reported' && 'text-slate-500')}
              >
                <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
                  {row.label}
                </th>
                <td className={number}>{row.count}</td>
                <td className={number}>{formatRate(row)}</td>
                <td className={number}>{formatRatio(row.impactRatio)}</td>
                <td className={number}>{formatPValue(row.pValue)}</td>
                <td className={cell}>
                  {statusLabel(row.status)}
                  {row.adverse && (
                    <span className="ml-2 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300">
                      Below 4/5
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="audit-unknown" className="mt-1.5 text-xs text-slate-600">
        Unknown: {table.unknown} (not answered, or preferred not to say), counted in no rate.
      </p>
    </div>
  );
}

/** One automated step: what it measures, whom it counted, and a table per dimension. */
export function StepAuditCard({ step }: { step: StepAudit }) {
  const headingId = `audit-step-${step.step}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="audit-step"
      className="break-inside-avoid-page rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:shadow-none"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {step.label}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {rateLabel(step.measure)} · {step.individuals} {step.individuals === 1 ? 'individual' : 'individuals'}
        {step.measure === 'scoring' && step.median !== null && ` · median score ${step.median}`}
      </p>
      {step.tables.map((table) => (
        <DimensionTable key={table.dimension} step={step} table={table} />
      ))}
    </section>
  );
}
