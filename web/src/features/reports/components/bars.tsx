import { Link } from 'react-router';

import { barWidth } from '../lib/report';

export type BarRow = {
  key: string;
  label: string;
  value: number;
  /** The number as shown (a count, "2.5 days"). */
  valueText: string;
  /** The candidate list behind the number, if it counts candidates. */
  href?: string;
  /** A word beside the number ("67% went on"). */
  note?: string;
};

/**
 * Horizontal bars read at a glance: each row's label, its bar against the widest, and its number
 * (a link to the candidates behind it). The bar is hidden from assistive technology: the number
 * beside it says the same, and the section's table gives every figure.
 */
export function BarList({ rows, testId }: { rows: BarRow[]; testId: string }) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <dl data-testid={testId} className="space-y-2.5">
      {rows.map((row) => (
        <div key={row.key} className="grid grid-cols-[8rem_1fr_auto] items-center gap-x-3 text-sm">
          <dt className="truncate font-medium text-slate-700">{row.label}</dt>
          <dd aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${barWidth(row.value, max)}%` }} />
          </dd>
          <dd className="min-w-24 text-right tabular-nums">
            {row.href ? (
              <Link to={row.href} className="font-semibold text-brand-700 hover:underline" data-testid={`${testId}-${row.key}`}>
                {row.valueText}
              </Link>
            ) : (
              <span className="font-semibold text-slate-900" data-testid={`${testId}-${row.key}`}>
                {row.valueText}
              </span>
            )}
            {row.note && <span className="ml-2 text-xs text-slate-500">{row.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A count that links to the candidates it counts. */
export function CountLink({ value, href, label }: { value: number; href: string; label: string }) {
  return (
    <Link to={href} className="font-semibold text-brand-700 tabular-nums hover:underline" aria-label={`${value.toLocaleString()} ${label}`}>
      {value.toLocaleString()}
    </Link>
  );
}
