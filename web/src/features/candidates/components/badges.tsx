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

/** `hideEmpty` leaves a missing value out (cards) instead of showing a dash (table cells). */
export function RecommendationBadge({ value, hideEmpty = false }: { value: string | null | undefined; hideEmpty?: boolean }) {
  if (!value) return hideEmpty ? null : <span className="text-xs text-slate-400">—</span>;
  return (
    <span className={cn(pill, isPass(value) ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200')}>
      {value}
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

/** A row's analysis state, with the reason for unreadable and failed ones. */
export function AnalysisStateBadge({ status, error }: { status: string; error?: string | null }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span data-testid="analysis-state" className={cn(pill, stateTone[status] ?? stateTone.queued)}>
        {status === 'analysing' && <span aria-hidden="true" className="mr-1 size-1.5 animate-pulse rounded-full bg-sky-500" />}
        {statusLabel(status)}
      </span>
      {(status === 'unreadable' || status === 'failed') && error && <span className="max-w-56 text-xs text-slate-600">{error}</span>}
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
export function InviteStatusBadge({ status, interviewDateTime }: { status: InviteStatus | null; interviewDateTime?: string | null }) {
  if (!status) return null;
  const at = parseInstant(interviewDateTime);
  return (
    // `relative` keeps the screen-reader text inside scrolling tables (absolute, it would widen the page).
    <span className="relative inline-flex flex-col items-start gap-0.5">
      <span className="sr-only">Invite: </span>
      <span data-testid="invite-status" className={cn(pill, inviteTone[status])}>
        {status}
      </span>
      {at && (
        <time data-testid="interview-time" dateTime={at.toISOString()} className="whitespace-nowrap text-xs text-slate-600">
          {formatDateTime(at, { withZone: true })}
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
