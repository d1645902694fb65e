/** Rules of the voice screens (SPEC sections 5, 8 and 9), as plain functions. */
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

/** Calls the history shows: successful evaluations only, newest end first. */
export function historyCalls(calls: readonly Call[]): Call[] {
  return calls
    .filter((call) => call.analysis?.successEvaluation === 'true')
    .sort((a, b) => (Date.parse(b.endedAt ?? '') || 0) - (Date.parse(a.endedAt ?? '') || 0));
}

/** Whole minutes between start and end, '-' when zero or unknown. */
export function formatDuration(startedAt: string | null, endedAt: string | null): string {
  if (!startedAt || !endedAt) return '-';
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms)) return '-';
  const minutes = Math.round(ms / 60000);
  return minutes > 0 ? `${minutes} min` : '-';
}

/** A score as a percentage: the server's 0-100 value, else the provider's 0-10 one ×10. */
export function percent(score0to100: number | null | undefined, score0to10?: number): string {
  const value = score0to100 ?? (typeof score0to10 === 'number' ? Math.round(score0to10 * 10) : null);
  return value === null || value === undefined ? '-' : `${value}%`;
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
