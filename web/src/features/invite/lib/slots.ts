/**
 * The bookable interview slots (SPEC sections 5 and 9, contract `bookableUntil`): every quarter
 * hour of the chosen day in the chosen zone, later than now and earlier than the end of the
 * apply-last date. Dates are `YYYY-MM-DD` strings of the chosen zone; instants are UTC.
 */
import { formatTime } from '@/lib/date-time';

import { gmtOffsetText, zoneAbbreviation, zonedDate } from './time-zones';

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

export type Slot = {
  /** The UTC instant as the server takes it: `2026-11-25T09:30:00.000Z`. */
  value: string;
  start: Date;
  /** `9:30 AM`, with the zone's short name added when a fall-back hour repeats the time. */
  label: string;
};

/**
 * Every quarter hour whose wall clock in `zone` falls on `date`, in time order. The grid is the
 * UTC grid: every listed zone's offset is a multiple of 15 minutes (Kolkata +5:30, Kathmandu
 * +5:45), so it is the local grid too, and walking instants (not wall times) skips the hour a
 * spring-forward change removes and keeps both copies of the hour a fall-back change repeats.
 */
export function quarterHoursOfDay(date: string, zone: string): Date[] {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) return [];
  // Start half a day early at the latest offset (+14:00) and walk until the day has passed.
  let t = midnightUtc - 14 * 3_600_000;
  let local = zonedDate(zone, t);
  // Big steps until within an hour of the day, then quarter hours.
  while (local < date && zonedDate(zone, t + 3_600_000) < date) {
    t += 3_600_000;
    local = zonedDate(zone, t);
  }
  const slots: Date[] = [];
  for (let guard = 0; guard < 200; guard += 1, t += SLOT_MS) {
    local = zonedDate(zone, t);
    if (local > date) break;
    if (local === date) slots.push(new Date(t));
  }
  return slots;
}

export type SlotRules = {
  /** The calendar date in `zone`. */
  date: string;
  zone: string;
  now: Date | number;
  /** Exclusive end of the bookable window (contract), or null for none. */
  bookableUntil: Date | null;
};

/** Is `start` bookable: later than now, and before `bookableUntil` when there is one. */
export function isBookable(start: Date | number, { now, bookableUntil }: Pick<SlotRules, 'now' | 'bookableUntil'>): boolean {
  const t = +start;
  return t > +now && (bookableUntil === null || t < bookableUntil.getTime());
}

/** The time select's options for a day: future slots before `bookableUntil`, labelled in `zone`. */
export function slotsForDay({ date, zone, now, bookableUntil }: SlotRules): Slot[] {
  const starts = quarterHoursOfDay(date, zone).filter((start) => isBookable(start, { now, bookableUntil }));
  const labels = starts.map((start) => formatTime(start, { timeZone: zone }));
  const repeated = new Set(labels.filter((label, i) => labels.indexOf(label) !== i));
  return starts.map((start, i) => {
    const label = labels[i]!;
    return {
      value: start.toISOString(),
      start,
      label: repeated.has(label) ? `${label} (${zoneAbbreviation(zone, start)})` : label,
    };
  });
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

export type CalendarBounds = { min: string; max: string | null };

/**
 * The calendar's range in `zone` (SPEC section 5): from today to the apply-last date, and never
 * past the day of the last instant before `bookableUntil` (the window ends at midnight in the
 * recruiter's zone, which may fall earlier in the candidate's).
 */
export function calendarBounds({
  zone,
  now,
  applyLastDate,
  bookableUntil,
}: {
  zone: string;
  now: Date | number;
  applyLastDate: string | null;
  bookableUntil: Date | null;
}): CalendarBounds {
  const min = zonedDate(zone, now);
  const limits = [
    applyLastDate && /^\d{4}-\d{2}-\d{2}$/.test(applyLastDate) ? applyLastDate : null,
    bookableUntil ? zonedDate(zone, bookableUntil.getTime() - 1) : null,
  ].filter((limit): limit is string => limit !== null);
  const max = limits.length > 0 ? limits.reduce((a, b) => (a < b ? a : b)) : null;
  return { min, max };
}

/**
 * Whether a calendar day can be picked: inside the bounds and with at least one slot left.
 * Only the first and last day can lose slots to `now` and `bookableUntil`, so only they are
 * expanded into slots.
 */
export function isDayBookable(rules: SlotRules & { bounds: CalendarBounds }): boolean {
  const { date, bounds } = rules;
  if (date < bounds.min || (bounds.max !== null && date > bounds.max)) return false;
  if (date !== bounds.min && date !== bounds.max) return true;
  return slotsForDay(rules).length > 0;
}

/**
 * `isDayBookable` for a whole calendar at once: the first and last day are expanded once, up
 * front, and the returned test is cheap for every other day.
 */
export function bookableDayTest(rules: Omit<SlotRules, 'date'> & { bounds: CalendarBounds }): (date: string) => boolean {
  const { bounds } = rules;
  const edges = new Map<string, boolean>();
  for (const day of [bounds.min, bounds.max]) {
    if (day !== null && !edges.has(day)) edges.set(day, isDayBookable({ ...rules, date: day }));
  }
  return (date) => date >= bounds.min && (bounds.max === null || date <= bounds.max) && (edges.get(date) ?? true);
}

/** What the schedule call sends for a chosen slot: the instant, the zone and its offset then. */
export function scheduleFields(slot: Pick<Slot, 'start'>, zone: string) {
  return {
    interviewStartUtc: slot.start.toISOString(),
    timeZoneName: zone,
    gmtValue: gmtOffsetText(zone, slot.start),
  };
}
