/** Rules of the voice screens (SPEC sections 5, 8 and 9), as plain functions. */
import { structuredDataOf } from '../api/types';
import type { Assistant, Call } from '../api/types';

export const TOPIC_COUNT = 4;
export const QUESTION_COUNT = 10;
export const TOOL_COUNT = 4;
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const INVALID_DATE_TIME = 'Invalid date or time format. Please check your input.';
/** Scheduled call times are in India Standard Time. */
export const IST_OFFSET = '+05:30';
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export type AssistantFields = {
  assistantName: string;
  candidateName: string;
  role: string;
  experience: string;
  interviewTime: string;
};

/** The first problem of the create-assistant form, in the spec's order. */
export function validateAssistant(fields: AssistantFields): string | null {
  if (!fields.assistantName.trim()) return 'Assistant Name is required.';
  if (!fields.candidateName.trim()) return 'Candidate Name is required.';
  if (!fields.role.trim()) return 'Role is required.';
  if (!fields.experience.trim()) return 'Experience is required.';
  if (!fields.interviewTime.trim()) return 'Interview Time is required.';
  return null;
}

/** A phone number with a leading '+' (SPEC section 5). */
export function withPlus(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

/** `YYYY-MM-DD` + `HH:MM` in IST as an ISO instant, or null when either is malformed. */
export function istToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  const instant = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}${IST_OFFSET}`);
  if (Number.isNaN(instant.getTime())) return null;
  // Date() rolls 2026-02-30 over to March; refuse dates that do not exist.
  const back = new Date(instant.getTime() + IST_OFFSET_MS).toISOString();
  if (back.slice(0, 10) !== date || back.slice(11, 16) !== time.slice(0, 5)) return null;
  return instant.toISOString();
}

export const PAST_TIME = 'The time cannot be in the past.';

/**
 * Whether a call time has passed, with the server's minute of grace: a form filled in at
 * 10:00 for 10:00 is not in the past.
 */
export function isPast(iso: string, now: Date = new Date()): boolean {
  return Date.parse(iso) + 60_000 <= now.getTime();
}

/** Today's date in IST (`YYYY-MM-DD`), the minimum of the schedule form's date. */
export function todayInIst(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The description of an assistant: its system prompt. */
export function assistantDescription(assistant: Assistant): string {
  return assistant.model?.messages?.[0]?.content ?? '';
}

/** At most `limit` words, with an ellipsis when cut. */
export function truncateWords(text: string, limit = 50): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length <= limit ? words.join(' ') : `${words.slice(0, limit).join(' ')}…`;
}

export type AssistantSort = 'name' | 'created';

export function sortAssistants(items: readonly Assistant[], sort: AssistantSort): Assistant[] {
  const copy = [...items];
  if (sort === 'name')
    return copy.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base', numeric: true }));
  return copy.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Local start and end of the chosen days as ISO instants (SPEC section 9). */
export function dayRange(from: string, to: string): { createdAtGt?: string; createdAtLt?: string } {
  const range: { createdAtGt?: string; createdAtLt?: string } = {};
  if (from) {
    const start = new Date(`${from}T00:00:00`);
    if (!Number.isNaN(start.getTime())) range.createdAtGt = start.toISOString();
  }
  if (to) {
    const end = new Date(`${to}T23:59:59.999`);
    if (!Number.isNaN(end.getTime())) range.createdAtLt = end.toISOString();
  }
  return range;
}

/** How long a call lasted, or null when it has not both started and ended. */
export function callDurationMs({ startedAt, endedAt }: Pick<Call, 'startedAt' | 'endedAt'>): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) ? ms : null;
}

/** Whole minutes between start and end, '-' when zero or unknown. */
export function formatDuration(call: Pick<Call, 'startedAt' | 'endedAt'>): string {
  const minutes = Math.round((callDurationMs(call) ?? 0) / 60000);
  return minutes > 0 ? `${minutes} min` : '-';
}

export type ScoreKey = 'technical' | 'communication' | 'problemSolving';

/** A call's score on 0-100: the server's, else the provider's 0-10 one ×10. */
export function callScore({ scores, analysis }: Pick<Call, 'scores' | 'analysis'>, key: ScoreKey): number | null {
  const stored = { technical: scores.technicalScore, communication: scores.communicationScore, problemSolving: scores.problemSolvingScore }[
    key
  ];
  if (stored !== null) return stored;
  const raw = structuredDataOf(analysis.structuredData).additionalInterviewMetrics?.[`${key}Score` as const];
  return typeof raw === 'number' ? Math.round(raw * 10) : null;
}

/** A 0-100 score as a percentage, '-' when missing. */
export function percent(value: number | null): string {
  return value === null ? '-' : `${value}%`;
}

export type CallSortKey = 'candidate' | 'ended' | 'duration' | ScoreKey;
export type CallSort = { key: CallSortKey; direction: 'asc' | 'desc' };

/** The spec's order of the history: newest end time first. */
export const DEFAULT_CALL_SORT: CallSort = { key: 'ended', direction: 'desc' };

function sortValue(call: Call, key: CallSortKey): string | number | null {
  switch (key) {
    case 'candidate':
      return call.metadata.candidateName?.trim() || null;
    case 'ended': {
      const ended = Date.parse(call.endedAt ?? '');
      return Number.isNaN(ended) ? null : ended;
    }
    case 'duration':
      return callDurationMs(call);
    default:
      return callScore(call, key);
  }
}

/** Calls in the chosen order; a call without the value goes last whichever the direction. */
export function sortCalls(calls: readonly Call[], { key, direction }: CallSort): Call[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...calls].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order =
      typeof x === 'string' && typeof y === 'string'
        ? x.localeCompare(y, undefined, { sensitivity: 'base', numeric: true })
        : Number(x) - Number(y);
    return order * sign;
  });
}

/** The order after a click on a column: the same column turns round; another starts A-Z or highest first. */
export function nextCallSort(current: CallSort, key: CallSortKey): CallSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'candidate' ? 'asc' : 'desc' };
}

/** Calls the history shows: successful evaluations only, newest end first. */
export function historyCalls(calls: readonly Call[]): Call[] {
  return sortCalls(
    calls.filter((call) => call.analysis?.successEvaluation === 'true'),
    DEFAULT_CALL_SORT,
  );
}

export type OutcomeTone = 'green' | 'amber' | 'red' | 'blue' | 'slate';
export type CallOutcome = { label: string; tone: OutcomeTone };

/** Ended reasons (the provider's words) where nobody took part in the interview. */
const UNANSWERED: Record<string, string> = {
  'customer-did-not-answer': 'No answer',
  'customer-busy': 'Busy',
  voicemail: 'Voicemail',
};

/** What became of a call, in words (the colour only repeats them). */
export function callOutcome({ status, endedReason }: Pick<Call, 'status' | 'endedReason'>): CallOutcome {
  const reason = (endedReason ?? '').toLowerCase();
  const unanswered = UNANSWERED[reason];
  if (unanswered) return { label: unanswered, tone: 'amber' };
  if (reason === 'manually-canceled') return { label: 'Canceled', tone: 'slate' };
  // The provider's many failure reasons (pipeline-error-…, twilio-failed-to-connect-call,
  // assistant-not-found, customer-did-not-give-microphone-permission, …) share these words.
  if (/error|fail|not-found|rejected|did-not-give/.test(reason)) return { label: 'Failed', tone: 'red' };
  if (reason || status === 'ended') return { label: 'Completed', tone: 'green' };
  if (status === 'scheduled' || status === 'queued') return { label: 'Scheduled', tone: 'slate' };
  if (status === 'ringing' || status === 'in-progress' || status === 'forwarding') return { label: 'In progress', tone: 'blue' };
  return { label: 'Unknown', tone: 'slate' };
}

/** The first 8 characters of a call id. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** Name of an assistant for the history (SPEC section 8). */
export function assistantName(assistants: readonly Assistant[] | undefined, id: string | null, failed: boolean): string {
  if (failed) return 'Error Fetching Name';
  const found = assistants?.find((a) => a.id === id);
  return found?.name || 'Unknown Assistant';
}

/** `m:ss` for the audio player. */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Outcome colours: Pass green, Fail red, anything else yellow (SPEC section 4). */
export function statusTone(status: string | null | undefined): 'green' | 'red' | 'yellow' {
  const s = (status ?? '').toLowerCase();
  if (s === 'pass') return 'green';
  if (s === 'fail') return 'red';
  return 'yellow';
}
