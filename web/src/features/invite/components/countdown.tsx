import { countdownParts } from '../lib/join-window';

const UNITS = [
  { key: 'days', label: 'DAYS' },
  { key: 'hours', label: 'HOURS' },
  { key: 'minutes', label: 'MINUTES' },
  { key: 'seconds', label: 'SECONDS' },
] as const;

/** The DAYS/HOURS/MINUTES/SECONDS countdown to the interview (SPEC section 2, view 2). */
export function Countdown({ remainingMs }: { remainingMs: number }) {
  const parts = countdownParts(remainingMs);
  // The timer role is not announced on every tick; the label gives the whole value on demand.
  const spoken = `${parts.days} days, ${parts.hours} hours, ${parts.minutes} minutes and ${parts.seconds} seconds until your interview`;
  return (
    <div role="timer" aria-label={spoken} data-testid="countdown" className="grid grid-cols-4 gap-2 sm:gap-3">
      {UNITS.map(({ key, label }) => (
        <div key={key} className="rounded-xl bg-slate-900 px-1 py-3 text-center text-white shadow-sm sm:py-4" data-unit={key}>
          <span aria-hidden="true" className="block text-2xl font-semibold tabular-nums sm:text-4xl">
            {String(parts[key]).padStart(2, '0')}
          </span>
          <span aria-hidden="true" className="mt-1 block text-[10px] font-medium tracking-widest text-slate-400 sm:text-xs">
            {label}
          </span>
        </div>
      ))}
    </div>
  );
}
