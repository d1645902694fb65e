import { cn } from '@/components/ui/cn';

/**
 * A 0-100 score as a labelled meter (green from 60, amber from 40, else red). A missing score
 * shows `missing` (why there is none) and an empty bar, never a made-up 0. `name` is the meter's
 * accessible name when two groups on the page share a label (our grader's and the provider's
 * "Technical"); it starts with the visible label, so speech input still finds it.
 */
export function ScoreMeter({
  label,
  name = label,
  value,
  missing = 'Not scored',
}: {
  label: string;
  name?: string;
  value: number | null | undefined;
  missing?: string;
}) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const clamped = known ? Math.round(Math.min(100, Math.max(0, value))) : 0;
  return (
    <div>
      <div className="flex justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className={cn('text-right', known ? 'font-semibold tabular-nums text-slate-900' : 'text-slate-500')}>
          {known ? `${clamped}%` : missing}
        </span>
      </div>
      <div
        role="meter"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        // A meter must have a value (axe: aria-required-attr); the text says when there is none.
        aria-valuenow={clamped}
        aria-valuetext={known ? `${clamped}%` : missing}
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full', clamped >= 60 ? 'bg-emerald-500' : clamped >= 40 ? 'bg-amber-500' : 'bg-red-500')}
          style={{ width: `${clamped}%` }}
        />
      </div>
    </div>
  );
}
