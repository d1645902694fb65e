/**
 * The one way dates and times are shown, on the recruiter pages and the candidate pages alike:
 * in the viewer's time zone (`timeZone` overrides it, for tests and for a chosen zone), written
 * the same way everywhere ("Mar 2, 2026, 6:15 AM"), with the zone named where a reader could
 * take the time for another zone's ("Mar 2, 2026, 6:15 AM GMT+5:30").
 *
 * The locale is fixed: the product speaks English, and a browser set to another language would
 * otherwise mix its date order into English sentences and make two formats again.
 */
const LOCALE = 'en-US';

/** What the formatters take: an instant as the server sends it, a Date, or milliseconds. */
export type DateInput = string | Date | number | null | undefined;

export type ZoneOptions = { timeZone?: string };
export type NamedZoneOptions = ZoneOptions & { withZone?: boolean };

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A server instant as a Date. The server's instants are UTC, and some (`createdOn`,
 * `interviewDateTime`) come without a zone suffix, which `Date` would read as local time, so a
 * `Z` is added first. Null for a missing or unreadable value.
 */
export function parseInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'string') {
    const text = value.trim();
    const withZone = CALENDAR_DAY.test(text) || /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`;
    date = new Date(withZone);
  } else {
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

// Building an Intl formatter costs far more than using one; the slot picker formats hundreds.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, options);
    formatters.set(key, found);
  }
  return found;
}

/**
 * Formats `value` with `options`. A calendar day (`2026-04-30`, e.g. an apply-last date) is a
 * day, not an instant: it is shown as that day in every zone, and has no time to show.
 */
function format(value: DateInput, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  const date = parseInstant(value);
  if (!date) return '';
  if (typeof value === 'string' && CALENDAR_DAY.test(value.trim())) {
    const { weekday, year, month, day } = options;
    if (!year && !month && !day) return '';
    return formatter({ weekday, year, month, day, timeZone: 'UTC' }).format(date);
  }
  return formatter({ ...options, timeZone }).format(date);
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * "Mar 2, 2026, 6:15 AM", and "… 6:15 AM GMT+5:30" (or "EST", "UTC") with `withZone`: the date
 * and the time joined, so a narrow column may show them as two lines that read the same.
 */
export function formatDateTime(value: DateInput, options: NamedZoneOptions = {}): string {
  const date = formatDate(value, options);
  const time = formatTime(value, options);
  return time ? `${date}, ${time}` : date;
}

/** "Mar 2, 2026". */
export function formatDate(value: DateInput, { timeZone }: ZoneOptions = {}): string {
  return format(value, DATE, timeZone);
}

/** "Monday, March 2, 2026": the candidate pages' date of an interview or a calendar day. */
export function formatLongDate(value: DateInput, { timeZone }: ZoneOptions = {}): string {
  return format(value, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, timeZone);
}

/** "March 2026": a calendar's month. */
export function formatMonth(value: DateInput, { timeZone }: ZoneOptions = {}): string {
  return format(value, { year: 'numeric', month: 'long' }, timeZone);
}

/** "6:15 AM", and "6:15 AM GMT+5:30" with `withZone`. */
export function formatTime(value: DateInput, { timeZone, withZone = false }: NamedZoneOptions = {}): string {
  return format(value, { ...TIME, ...(withZone && { timeZoneName: 'short' }) }, timeZone);
}

/** The viewer's time zone, as the browser reports it (UTC if it cannot say). */
export function viewerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/**
 * How long ago `value` was, in the largest whole unit: "<1 hour", "3 hours", "2 days",
 * "5 weeks". Empty for a missing value; a time ahead of `now` (clocks apart) counts as now.
 */
export function formatElapsed(value: DateInput, now: number = Date.now()): string {
  const date = parseInstant(value);
  if (!date) return '';
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < HOUR) return '<1 hour';
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 14 * DAY) return count(Math.floor(elapsed / DAY), 'day');
  return count(Math.floor(elapsed / (7 * DAY)), 'week');
}

// An ISO-8601 instant with its zone, as the server writes one into a sentence.
const INSTANT_IN_TEXT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;

/**
 * A server sentence with each instant in it ("Booked for 2026-11-26T17:15:00Z") written as the
 * rest of the page writes times, in the viewer's zone and named ("Booked for Nov 26, 2026,
 * 5:15 PM UTC").
 */
export function humanizeInstants(text: string, options: ZoneOptions = {}): string {
  return text.replace(INSTANT_IN_TEXT, (instant) => formatDateTime(instant, { ...options, withZone: true }) || instant);
}
