import { cn } from '@/components/ui/cn';

/**
 * A 0-100 score as a labelled bar (green from 60, amber from 40, else red).
 * A missing score shows a dash and an empty bar instead of a made-up 0.
 */
export function ScoreBar({ label, value }: { label: string; value: number | null | undefined }) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const clamped = known ? Math.round(Math.min(100, Math.max(0, value))) : 0;
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="font-semibold tabular-nums text-slate-900">{known ? `${clamped}%` : '—'}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? clamped : undefined}
        aria-valuetext={known ? `${clamped}%` : 'Not scored'}
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
