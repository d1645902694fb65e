import { cn } from '@/components/ui/cn';
import { formatDateTime, parseInstant } from '@/lib/date-time';
import { sourceLabel } from '@/lib/sources';
import type { Source } from '@/lib/sources';

import type { InviteStatus } from '../api/types';
import { statusLabel } from '../lib/analysis-progress';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** SPEC section 4: recommendation 'pass' (any case) green, anything else red. */
export function isPass(value: string | null | undefined): boolean {
  return (value ?? '').trim().toLowerCase() === 'pass';
}

/** What the ATS's pass/fail is called wherever it is shown (the candidate page and the lists alike). */
export const ATS_RECOMMENDATION = 'ATS recommendation';

/** SPEC section 3: 'pass' reads Selected, anything else Not Selected. */
export function recommendationLabel(value: string | null | undefined): string {
  return isPass(value) ? 'Selected' : 'Not Selected';
}

/** `hideEmpty` leaves a missing value out (cards) instead of showing a dash (table cells). */
export function RecommendationBadge({ value, hideEmpty = false }: { value: string | null | undefined; hideEmpty?: boolean }) {
  if (!value) return hideEmpty ? null : <span className="text-xs text-slate-400">—</span>;
  return (
    // `relative` keeps the screen-reader text inside scrolling tables, as for the source badge.
    <span className="relative inline-flex">
      <span className="sr-only">{ATS_RECOMMENDATION}: </span>
      <span
        data-testid="recommendation"
        className={cn(
          pill,
          'whitespace-nowrap',
          isPass(value) ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200',
        )}
      >
        {recommendationLabel(value)}
      </span>
    </span>
  );
}

/** Interview outcome: Pass green, Fail red, anything else (Needs Review) yellow (shared with the board). */
export { InterviewStatusBadge } from '@/components/ui/interview-status-badge';

const stateTone: Record<string, string> = {
  queued: 'bg-slate-100 text-slate-700 ring-slate-200',
  analysing: 'bg-sky-50 text-sky-800 ring-sky-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  unreadable: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  no_resume: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/**
 * A row's analysis state, with the reason for unreadable and failed ones: under it, or with
 * `compact` (a table's one-line row) as its tooltip and for screen readers.
 */
export function AnalysisStateBadge({ status, error, compact = false }: { status: string; error?: string | null; compact?: boolean }) {
  const reason = (status === 'unreadable' || status === 'failed') && error ? error : null;
  return (
    <span className="relative inline-flex flex-col items-start gap-0.5">
      <span
        data-testid="analysis-state"
        title={compact ? (reason ?? undefined) : undefined}
        className={cn(pill, 'whitespace-nowrap', stateTone[status] ?? stateTone.queued)}
      >
        {status === 'analysing' && <span aria-hidden="true" className="mr-1 size-1.5 animate-pulse rounded-full bg-sky-500" />}
        {statusLabel(status)}
      </span>
      {reason && <span className={compact ? 'sr-only' : 'max-w-56 text-xs text-slate-600'}>{reason}</span>}
    </span>
  );
}

const inviteTone: Record<InviteStatus, string> = {
  Invited: 'bg-sky-50 text-sky-800 ring-sky-200',
  Scheduled: 'bg-brand-50 text-brand-800 ring-brand-200',
  Completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Closed: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/**
 * Where the interview invite stands (Invited / Scheduled / Completed / Closed)
 * and the booked slot in the recruiter's local time, its zone named. Nothing for no invite.
 */
export function InviteStatusBadge({
  status,
  interviewDateTime,
  compact = false,
}: {
  status: InviteStatus | null;
  interviewDateTime?: string | null;
  /** A table's one-line row: the booked slot is the badge's tooltip (and read out). */
  compact?: boolean;
}) {
  if (!status) return null;
  const at = parseInstant(interviewDateTime);
  const when = at ? formatDateTime(at, { withZone: true }) : null;
  return (
    // `relative` keeps the screen-reader text inside scrolling tables (absolute, it would widen the page).
    <span className="relative inline-flex flex-col items-start gap-0.5">
      <span className="sr-only">Invite: </span>
      <span
        data-testid="invite-status"
        title={compact && when ? when : undefined}
        className={cn(pill, 'whitespace-nowrap', inviteTone[status])}
      >
        {status}
      </span>
      {at && (
        <time
          data-testid="interview-time"
          dateTime={at.toISOString()}
          className={compact ? 'sr-only' : 'whitespace-nowrap text-xs text-slate-600'}
        >
          {when}
        </time>
      )}
    </span>
  );
}

const sourceTone: Record<Source, string> = {
  applied: 'bg-violet-50 text-violet-800 ring-violet-200',
  uploaded: 'bg-slate-50 text-slate-700 ring-slate-200',
  csv: 'bg-slate-50 text-slate-700 ring-slate-200',
};

/** How the candidate entered the JD: Applied (on the job page), Uploaded or CSV. Nothing when unknown. */
export function SourceBadge({ source }: { source: Source | null | undefined }) {
  if (!source) return null;
  return (
    // `relative` keeps the screen-reader text inside scrolling tables, as for the invite's badge.
    <span className="relative inline-flex">
      <span className="sr-only">Source: </span>
      <span data-testid="source" className={cn(pill, sourceTone[source])}>
        {sourceLabel(source)}
      </span>
    </span>
  );
}
