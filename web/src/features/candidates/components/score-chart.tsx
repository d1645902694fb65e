import { PASS_THRESHOLD } from '@/config/constants';
import { cn } from '@/components/ui/cn';

import { scoreBands } from '../lib/score-bands';

/**
 * Candidates per ATS score band, the Pass threshold marked: plain divs, no
 * chart library. The table below stays the accessible source of the numbers;
 * the figure also has a text summary.
 */
export function ScoreChart({ scores }: { scores: ReadonlyArray<number | null> }) {
  const bands = scoreBands(scores);
  const max = Math.max(1, ...bands.map((band) => band.count));
  const scored = bands.reduce((sum, band) => sum + band.count, 0);
  const summary = bands.map((band) => `${band.label}: ${band.count}`).join(', ');
  return (
    <figure aria-label="Score distribution" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">Score distribution</span>
        <span className="text-xs text-slate-500">
          {scored} scored · Pass from {PASS_THRESHOLD}
        </span>
      </figcaption>
      <p className="sr-only">{summary}</p>
      <div aria-hidden="true" className="relative mt-4 grid h-32 grid-cols-5 items-end gap-2 sm:gap-4">
        {bands.map((band) => (
          <div key={band.label} className="flex h-full flex-col items-center justify-end">
            <span className="mb-1 text-xs font-medium text-slate-700">{band.count}</span>
            <div
              data-testid={`band-${band.label}`}
              className={cn('w-full rounded-t-md', band.passing ? 'bg-emerald-500' : 'bg-slate-300')}
              style={{ height: `${(band.count / max) * 100}%`, minHeight: band.count > 0 ? 4 : 0 }}
            />
          </div>
        ))}
        {/* The threshold sits at the start of the 60-79 band: three of five columns. */}
        <div className="pointer-events-none absolute inset-y-0 left-[60%] -ml-px border-l-2 border-dashed border-emerald-700">
          <span className="absolute -top-1 left-1 whitespace-nowrap text-[11px] font-semibold text-emerald-800">Pass {PASS_THRESHOLD}</span>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="mt-1 grid grid-cols-5 gap-2 border-t border-slate-200 pt-1 text-center text-xs text-slate-500 sm:gap-4"
      >
        {bands.map((band) => (
          <span key={band.label}>{band.label}</span>
        ))}
      </div>
    </figure>
  );
}
