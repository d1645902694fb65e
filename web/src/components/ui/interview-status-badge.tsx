import { cn } from './cn';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * Interview outcome (SPEC section 4): Pass green, Fail red, anything else (Needs Review)
 * yellow. Shared by the candidate lists and the board. `hideEmpty` leaves a missing value out
 * (cards) instead of showing a dash (table cells).
 */
export function InterviewStatusBadge({
  value,
  hideEmpty = false,
  testId,
}: {
  value: string | null | undefined;
  hideEmpty?: boolean;
  testId?: string;
}) {
  if (!value) return hideEmpty ? null : <span className="text-xs text-slate-400">—</span>;
  const lower = value.toLowerCase();
  const tone =
    lower === 'pass'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : lower === 'fail'
        ? 'bg-red-50 text-red-800 ring-red-200'
        : 'bg-amber-50 text-amber-800 ring-amber-200';
  // The call analysis sends 'pass' / 'fail' in lower case; the lists show 'Pass' / 'Fail'.
  const label = value.charAt(0).toUpperCase() + value.slice(1);
  return (
    <span data-testid={testId} className={cn(pill, tone)}>
      {label}
    </span>
  );
}
