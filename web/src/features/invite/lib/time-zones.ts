/**
 * Time zones of the invite page (SPEC section 9): the fixed list the candidate picks from, and
 * what the page needs to know about a zone at an instant (wall clock, UTC offset, short name).
 * Only Intl and Date: the browser's own tz database is the one the candidate's clock uses.
 */

import { formatLongDate, formatTime, viewerZone } from '@/lib/date-time';

export type TimeZoneOption = {
  /** IANA name, sent to the server as `timeZoneName`. */
  id: string;
  /** City or region shown in the dropdown. */
  label: string;
  /**
   * A locale whose CLDR data has a letter abbreviation for this zone (en-US only knows the
   * North American ones; en-IN says IST, en-AU says AEST, ...). Tried before en-US.
   */
  locale?: string;
};

/** The supported zones, west to east within each region. */
export const TIME_ZONES: readonly TimeZoneOption[] = [
  { id: 'UTC', label: 'Coordinated Universal Time' },
  // North America
  { id: 'Pacific/Honolulu', label: 'Honolulu (Hawaii)' },
  { id: 'America/Anchorage', label: 'Anchorage (Alaska)' },
  { id: 'America/Los_Angeles', label: 'Los Angeles (Pacific)' },
  { id: 'America/Vancouver', label: 'Vancouver', locale: 'en-CA' },
  { id: 'America/Phoenix', label: 'Phoenix (Arizona)' },
  { id: 'America/Denver', label: 'Denver (Mountain)' },
  { id: 'America/Chicago', label: 'Chicago (Central)' },
  { id: 'America/Mexico_City', label: 'Mexico City' },
  { id: 'America/New_York', label: 'New York (Eastern)' },
  { id: 'America/Toronto', label: 'Toronto', locale: 'en-CA' },
  { id: 'America/Halifax', label: 'Halifax (Atlantic)', locale: 'en-CA' },
  // South America
  { id: 'America/Bogota', label: 'Bogotá', locale: 'es-CO' },
  { id: 'America/Sao_Paulo', label: 'São Paulo', locale: 'pt-BR' },
  { id: 'America/Argentina/Buenos_Aires', label: 'Buenos Aires', locale: 'es-AR' },
  // Europe
  { id: 'Europe/London', label: 'London', locale: 'en-GB' },
  { id: 'Europe/Dublin', label: 'Dublin', locale: 'en-IE' },
  { id: 'Europe/Lisbon', label: 'Lisbon', locale: 'en-GB' },
  { id: 'Europe/Madrid', label: 'Madrid', locale: 'en-GB' },
  { id: 'Europe/Paris', label: 'Paris', locale: 'en-GB' },
  { id: 'Europe/Amsterdam', label: 'Amsterdam', locale: 'en-GB' },
  { id: 'Europe/Berlin', label: 'Berlin', locale: 'en-GB' },
  { id: 'Europe/Zurich', label: 'Zurich', locale: 'en-GB' },
  { id: 'Europe/Rome', label: 'Rome', locale: 'en-GB' },
  { id: 'Europe/Stockholm', label: 'Stockholm', locale: 'en-GB' },
  { id: 'Europe/Warsaw', label: 'Warsaw', locale: 'en-GB' },
  { id: 'Europe/Athens', label: 'Athens', locale: 'en-GB' },
  { id: 'Europe/Helsinki', label: 'Helsinki', locale: 'en-GB' },
  { id: 'Europe/Istanbul', label: 'Istanbul' },
  { id: 'Europe/Moscow', label: 'Moscow' },
  // Africa and the Middle East
  { id: 'Africa/Lagos', label: 'Lagos', locale: 'en-NG' },
  { id: 'Africa/Cairo', label: 'Cairo', locale: 'en-GB' },
  { id: 'Africa/Johannesburg', label: 'Johannesburg', locale: 'en-ZA' },
  { id: 'Africa/Nairobi', label: 'Nairobi', locale: 'en-KE' },
  { id: 'Asia/Dubai', label: 'Dubai', locale: 'en-GB' },
  // Asia and the Pacific
  { id: 'Asia/Karachi', label: 'Karachi' },
  { id: 'Asia/Kolkata', label: 'Kolkata, Mumbai, New Delhi', locale: 'en-IN' },
  { id: 'Asia/Kathmandu', label: 'Kathmandu' },
  { id: 'Asia/Dhaka', label: 'Dhaka' },
  { id: 'Asia/Bangkok', label: 'Bangkok' },
  { id: 'Asia/Jakarta', label: 'Jakarta', locale: 'id-ID' },
  { id: 'Asia/Singapore', label: 'Singapore', locale: 'en-SG' },
  { id: 'Asia/Hong_Kong', label: 'Hong Kong', locale: 'en-HK' },
  { id: 'Asia/Shanghai', label: 'Beijing, Shanghai' },
  { id: 'Asia/Tokyo', label: 'Tokyo', locale: 'ja-JP' },
  { id: 'Australia/Perth', label: 'Perth', locale: 'en-AU' },
  { id: 'Australia/Sydney', label: 'Sydney, Melbourne', locale: 'en-AU' },
  { id: 'Pacific/Auckland', label: 'Auckland', locale: 'en-NZ' },
];

export const FALLBACK_ZONE = 'UTC';

const BY_ID = new Map(TIME_ZONES.map((zone) => [zone.id, zone]));

/** Older names some browsers still report, and a few close kin, mapped onto the list's names. */
const ALIASES: Record<string, string> = {
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  GMT: 'UTC',
  Universal: 'UTC',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Bangkok',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  // Zones whose clocks have matched a listed one for years: same slots, same offsets.
  'America/Detroit': 'America/New_York',
  'America/Indianapolis': 'America/New_York',
  'America/Indiana/Indianapolis': 'America/New_York',
  'America/Montreal': 'America/Toronto',
  'Europe/Brussels': 'Europe/Paris',
  'Asia/Ho_Chi_Minh': 'Asia/Bangkok',
  'Australia/Melbourne': 'Australia/Sydney',
  'US/Eastern': 'America/New_York',
  'US/Central': 'America/Chicago',
  'US/Mountain': 'America/Denver',
  'US/Pacific': 'America/Los_Angeles',
  'US/Alaska': 'America/Anchorage',
  'US/Hawaii': 'Pacific/Honolulu',
  'US/Arizona': 'America/Phoenix',
};

export function isSupportedZone(id: string): boolean {
  return BY_ID.has(id);
}

export function zoneOption(id: string): TimeZoneOption | undefined {
  return BY_ID.get(id);
}

/** The picker's default: the browser's zone when it is in the list, else UTC (SPEC section 9). */
export function defaultZone(reported: string = viewerZone()): string {
  const id = ALIASES[reported] ?? reported;
  return isSupportedZone(id) ? id : FALLBACK_ZONE;
}

/** The zone a time was booked in, when this browser knows its name. */
function knownZone(name: string | null): string | null {
  if (!name) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

// Intl formatters are costly to build and slot generation asks thousands of questions.
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The date and time a clock in `zone` shows at `instant`. */
export function wallClock(zone: string, instant: Date | number): WallClock {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 1,
    day: values.day ?? 1,
    // Some engines still write midnight as 24 even with h23.
    hour: (values.hour ?? 0) % 24,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of a wall clock. */
export function isoDate({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The calendar date (`YYYY-MM-DD`) in `zone` at `instant`. */
export function zonedDate(zone: string, instant: Date | number): string {
  return isoDate(wallClock(zone, instant));
}

/** Minutes `zone` is ahead of UTC at `instant` (+330 for Kolkata, -240 for New York in summer). */
export function offsetMinutes(zone: string, instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const wall = wallClock(zone, ms);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** `GMT+05:30`, `GMT-04:00`, `GMT+00:00`: the `gmtValue` the server checks against the zone. */
export function gmtOffsetText(zone: string, instant: Date | number): string {
  const minutes = offsetMinutes(zone, instant);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const nameFormatters = new Map<string, Intl.DateTimeFormat | null>();

function shortName(zone: string, instant: Date | number, locale: string): string | null {
  const key = `${locale}|${zone}`;
  if (!nameFormatters.has(key)) {
    try {
      nameFormatters.set(key, new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }));
    } catch {
      // A locale or zone this browser lacks: no name from it.
      nameFormatters.set(key, null);
    }
  }
  const parts = nameFormatters.get(key)?.formatToParts(instant);
  return parts?.find((part) => part.type === 'timeZoneName')?.value ?? null;
}

/**
 * The short name of `zone` at `instant` (EST/EDT, IST, CET/CEST, AEDT, ...). Intl knows many only
 * under a local locale, so the zone's own locale is asked first; where no locale has letters for
 * it the answer is the GMT form (`GMT+5:45`).
 */
export function zoneAbbreviation(zone: string, instant: Date | number): string {
  if (zone === 'UTC') return 'UTC';
  const locales = [zoneOption(zone)?.locale, 'en-US'].filter((locale): locale is string => Boolean(locale));
  let fallback: string | null = null;
  for (const locale of locales) {
    const name = shortName(zone, instant, locale);
    if (!name) continue;
    if (/^[A-Z]{2,5}$/.test(name)) return name;
    fallback ??= locale === 'en-US' ? name : null;
  }
  return fallback ?? gmtOffsetText(zone, instant);
}

/**
 * The instant a clock in `zone` shows `date` `time` (`YYYY-MM-DD`, `HH:MM`). Null when that
 * wall time does not exist (skipped by a spring-forward change); the earlier of the two
 * instants when it happens twice (fall-back).
 */
export function zonedWallTimeToUtc(date: string, time: string, zone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const [, y, mo, d] = dateMatch.map(Number) as [number, number, number, number];
  const [, h, mi] = timeMatch.map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall) || isoDate({ year: y, month: mo, day: d }) !== new Date(wall).toISOString().slice(0, 10)) return null;
  // The offsets on either side of any change near this wall time (changes are months apart).
  const offsets = new Set([-1, 0, 1].map((days) => offsetMinutes(zone, wall + days * 86_400_000)));
  const matches = [...offsets]
    .map((offset) => wall - offset * 60_000)
    .filter((candidate) => {
      const back = wallClock(zone, candidate);
      return Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) === wall;
    })
    .sort((a, b) => a - b);
  return matches.length > 0 ? new Date(matches[0]!) : null;
}

/** `3:00 PM IST`: the time with the zone's short name, as the candidate's e-mail writes it. */
export function formatTimeWithZone(instant: Date | number, zone: string): string {
  return `${formatTime(instant, { timeZone: zone })} ${zoneAbbreviation(zone, instant)}`;
}

export type BookedTime = {
  /** `Wednesday, November 25, 2026` in the viewer's zone. */
  date: string;
  /** `10:00 AM EST` in the viewer's zone. */
  time: string;
  /** The viewer's zone (IANA name). */
  zone: string;
  /** The same instant as the clock of the zone it was booked in, when that clock reads otherwise. */
  asBooked: { date: string; time: string; zone: string } | null;
};

/**
 * A booked interview as the candidate's pages show it: in the viewer's local time (SPEC
 * section 2), and, when it was booked in a zone whose clock reads otherwise, as that clock
 * reads it too, so the time matches the confirmation e-mail written in the booked zone.
 */
export function bookedTime(start: Date, bookedZone: string | null, viewer: string = viewerZone()): BookedTime {
  const at = (zone: string) => ({ date: formatLongDate(start, { timeZone: zone }), time: formatTimeWithZone(start, zone), zone });
  const booked = knownZone(bookedZone);
  // An old name of the viewer's zone (Asia/Calcutta) reads the same clock: no second line.
  const asBooked = booked && offsetMinutes(booked, start) !== offsetMinutes(viewer, start) ? at(booked) : null;
  return { ...at(viewer), asBooked };
}

/** The zones whose name, city, short name or offset contain `query` (case-insensitive). */
export function searchZones(query: string, instant: Date | number, zones: readonly TimeZoneOption[] = TIME_ZONES): TimeZoneOption[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...zones];
  return zones.filter((zone) =>
    [zone.id.replace(/_/g, ' '), zone.id, zone.label, zoneAbbreviation(zone.id, instant), gmtOffsetText(zone.id, instant)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
