/** The reports' numbers in words and the links from each number to the candidates behind it. */
import { paths } from '@/config/paths';
import type { Source } from '@/lib/sources';
import type { Stage } from '@/lib/stages';

/** Which candidates a number counts, as the candidate list filters them. */
export type CandidateFilter = {
  /** A JD's folder id. */
  job?: string;
  reached?: Stage;
  stage?: Stage;
  finished?: boolean;
  fact?: 'inviteSent' | 'slotBooked' | 'interviewDone' | 'interviewDue' | 'noShow';
  source?: Source;
  recommendation?: 'Pass' | 'Fail';
  /** A recruiter's id: the candidates they wrote a scorecard on, or moved between stages. */
  scorecardBy?: number;
  decidedBy?: number;
};

/**
 * The candidate list narrowed to the candidates `filter` names among those added in the report's
 * period; with a recruiter, among those the recruiter acted on in the period instead (a
 * recruiter's activity counts what happened in the period, whenever the candidate was added).
 */
export function candidatesLink(period: { from: string; to: string }, filter: CandidateFilter): string {
  const params = new URLSearchParams();
  const { job, reached, stage, finished, fact, source, recommendation, scorecardBy, decidedBy } = filter;
  if (job) params.set('job', job);
  if (reached) params.set('reached', reached);
  if (stage) params.set('stage', stage);
  if (finished !== undefined) params.set('finished', String(finished));
  if (fact) params.set('fact', fact);
  if (source) params.set('source', source);
  if (recommendation) params.set('recommendation', recommendation);
  if (scorecardBy !== undefined) params.set('scorecardBy', String(scorecardBy));
  if (decidedBy !== undefined) params.set('decidedBy', String(decidedBy));
  const recruiter = scorecardBy !== undefined || decidedBy !== undefined;
  params.set(recruiter ? 'actedFrom' : 'addedFrom', period.from);
  params.set(recruiter ? 'actedTo' : 'addedTo', period.to);
  return `${paths.candidates}?${params.toString()}`;
}

/**
 * A share (0-1) as a whole percentage: "67%". Above 0 but rounding to 0 is "<1%", below 1 but
 * rounding to 100 is ">99%", so a few candidates never look like none or all; null is "—".
 */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '—';
  const clamped = Math.min(1, Math.max(0, share));
  const percent = Math.round(clamped * 100);
  if (percent === 0 && clamped > 0) return '<1%';
  if (percent === 100 && clamped < 1) return '>99%';
  return `${percent}%`;
}

/** Days to one decimal: "2.5 days", "1 day"; null is "—". */
export function formatDays(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return '—';
  const text = Number.isInteger(days) ? String(days) : days.toFixed(1);
  return `${text} ${days === 1 ? 'day' : 'days'}`;
}

/** A bar's width in percent of the widest value (0 when every value is 0). */
export function barWidth(value: number, max: number): number {
  return max > 0 ? Math.round((Math.max(0, value) / max) * 1000) / 10 : 0;
}
