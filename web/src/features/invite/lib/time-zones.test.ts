import { describe, expect, it } from 'vitest';

import {
  TIME_ZONES,
  bookedTime,
  defaultZone,
  formatTimeWithZone,
  gmtOffsetText,
  offsetMinutes,
  searchZones,
  zoneAbbreviation,
  zonedDate,
  zonedWallTimeToUtc,
} from './time-zones';

// These tests also run with TZ=America/New_York (npm test): nothing may depend on the machine's zone.
const at = (iso: string) => new Date(iso);

describe('the zone list', () => {
  it('has about 47 distinct zones that Intl knows, including the ones the spec names', () => {
    const ids = TIME_ZONES.map((zone) => zone.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(45);
    expect(ids.length).toBeLessThanOrEqual(50);
    for (const id of [
      'UTC',
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Phoenix',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Toronto',
      'America/Sao_Paulo',
      'Europe/London',
      'Europe/Paris',
      'Europe/Berlin',
      'Africa/Johannesburg',
      'Asia/Dubai',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Asia/Singapore',
      'Asia/Shanghai',
      'Asia/Hong_Kong',
      'Asia/Tokyo',
      'Australia/Sydney',
    ]) {
      expect(ids).toContain(id);
    }
    for (const id of ids) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: id })).not.toThrow();
  });

  it("defaults to the browser's zone when listed (old names too), else UTC", () => {
    expect(defaultZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(defaultZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(defaultZone('Etc/UTC')).toBe('UTC');
    expect(defaultZone('America/Phoenix')).toBe('America/Phoenix');
    expect(defaultZone('Antarctica/Troll')).toBe('UTC');
    expect(defaultZone('')).toBe('UTC');
  });

  it('finds zones by city, name, short name and offset', () => {
    const now = at('2026-01-15T12:00:00Z');
    expect(searchZones('kolk', now).map((z) => z.id)).toEqual(['Asia/Kolkata']);
    expect(searchZones('IST', now).map((z) => z.id)).toContain('Asia/Kolkata');
    expect(searchZones('sao paulo', now).map((z) => z.id)).toEqual(['America/Sao_Paulo']);
    expect(searchZones('+05:45', now).map((z) => z.id)).toEqual(['Asia/Kathmandu']);
    expect(searchZones('no such place', now)).toEqual([]);
    expect(searchZones('  ', now)).toHaveLength(TIME_ZONES.length);
  });
});

describe('offsets', () => {
  it.each([
    ['UTC', '2026-06-01T12:00:00Z', 0, 'GMT+00:00'],
    ['Asia/Kolkata', '2026-06-01T12:00:00Z', 330, 'GMT+05:30'],
    ['Asia/Kathmandu', '2026-06-01T12:00:00Z', 345, 'GMT+05:45'],
    ['America/New_York', '2026-01-15T12:00:00Z', -300, 'GMT-05:00'],
    ['America/New_York', '2026-07-15T12:00:00Z', -240, 'GMT-04:00'],
    ['America/Phoenix', '2026-07-15T12:00:00Z', -420, 'GMT-07:00'],
    ['Europe/London', '2026-01-15T12:00:00Z', 0, 'GMT+00:00'],
    ['Europe/London', '2026-07-15T12:00:00Z', 60, 'GMT+01:00'],
    ['Australia/Sydney', '2026-01-15T12:00:00Z', 660, 'GMT+11:00'],
  ])('%s at %s is %i minutes, %s', (zone, iso, minutes, text) => {
    expect(offsetMinutes(zone, at(iso))).toBe(minutes);
    expect(gmtOffsetText(zone, at(iso))).toBe(text);
  });

  it('switches at the instant of the New York changes (March 8 and November 1, 2026)', () => {
    expect(gmtOffsetText('America/New_York', at('2026-03-08T06:59:59Z'))).toBe('GMT-05:00');
    expect(gmtOffsetText('America/New_York', at('2026-03-08T07:00:00Z'))).toBe('GMT-04:00');
    expect(gmtOffsetText('America/New_York', at('2026-11-01T05:59:59Z'))).toBe('GMT-04:00');
    expect(gmtOffsetText('America/New_York', at('2026-11-01T06:00:00Z'))).toBe('GMT-05:00');
  });

  it('switches at the instant of the London changes (March 29 and October 25, 2026)', () => {
    expect(gmtOffsetText('Europe/London', at('2026-03-29T00:59:00Z'))).toBe('GMT+00:00');
    expect(gmtOffsetText('Europe/London', at('2026-03-29T01:00:00Z'))).toBe('GMT+01:00');
    expect(gmtOffsetText('Europe/London', at('2026-10-25T00:59:00Z'))).toBe('GMT+01:00');
    expect(gmtOffsetText('Europe/London', at('2026-10-25T01:00:00Z'))).toBe('GMT+00:00');
  });
});

describe('short names', () => {
  it.each([
    ['UTC', '2026-01-15T12:00:00Z', 'UTC'],
    ['America/New_York', '2026-01-15T12:00:00Z', 'EST'],
    ['America/New_York', '2026-07-15T12:00:00Z', 'EDT'],
    ['America/Phoenix', '2026-07-15T12:00:00Z', 'MST'],
    ['America/Anchorage', '2026-01-15T12:00:00Z', 'AKST'],
    ['Pacific/Honolulu', '2026-01-15T12:00:00Z', 'HST'],
    ['Asia/Kolkata', '2026-01-15T12:00:00Z', 'IST'],
    ['Europe/London', '2026-01-15T12:00:00Z', 'GMT'],
    ['Europe/London', '2026-07-15T12:00:00Z', 'BST'],
    ['Europe/Paris', '2026-07-15T12:00:00Z', 'CEST'],
    ['Australia/Sydney', '2026-01-15T12:00:00Z', 'AEDT'],
    ['Australia/Sydney', '2026-07-15T12:00:00Z', 'AEST'],
    ['Asia/Tokyo', '2026-07-15T12:00:00Z', 'JST'],
    ['Africa/Johannesburg', '2026-07-15T12:00:00Z', 'SAST'],
  ])('%s at %s is %s', (zone, iso, name) => {
    expect(zoneAbbreviation(zone, at(iso))).toBe(name);
  });

  it('falls back to the GMT form where no locale has letters for the zone', () => {
    expect(zoneAbbreviation('Asia/Kathmandu', at('2026-07-15T12:00:00Z'))).toBe('GMT+5:45');
  });
});

describe('wall time to UTC', () => {
  it('converts with half- and three-quarter-hour offsets', () => {
    expect(zonedWallTimeToUtc('2026-11-25', '15:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(zonedWallTimeToUtc('2026-11-25', '16:00', 'Asia/Kathmandu')?.toISOString()).toBe('2026-11-25T10:15:00.000Z');
    expect(zonedWallTimeToUtc('2026-11-25', '00:15', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-24T18:45:00.000Z');
  });

  it('has no instant for the hour New York and London skip in spring', () => {
    expect(zonedWallTimeToUtc('2026-03-08', '02:30', 'America/New_York')).toBeNull();
    expect(zonedWallTimeToUtc('2026-03-08', '03:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedWallTimeToUtc('2026-03-08', '01:45', 'America/New_York')?.toISOString()).toBe('2026-03-08T06:45:00.000Z');
    expect(zonedWallTimeToUtc('2026-03-29', '01:30', 'Europe/London')).toBeNull();
  });

  it('takes the first of the two instants of the hour repeated in autumn', () => {
    expect(zonedWallTimeToUtc('2026-11-01', '01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedWallTimeToUtc('2026-10-25', '01:30', 'Europe/London')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses dates and times that do not exist', () => {
    expect(zonedWallTimeToUtc('2026-02-30', '10:00', 'UTC')).toBeNull();
    expect(zonedWallTimeToUtc('2026-02-10', '25:00', 'UTC')).toBeNull();
    expect(zonedWallTimeToUtc('tomorrow', '10:00', 'UTC')).toBeNull();
  });
});

describe('formatting in a zone', () => {
  it('writes the date, the time and the short name of the zone, not of the machine', () => {
    const instant = at('2026-11-25T20:00:00Z');
    expect(zonedDate('Asia/Kolkata', instant)).toBe('2026-11-26');
    expect(zonedDate('America/New_York', instant)).toBe('2026-11-25');
    expect(formatTimeWithZone(instant, 'Asia/Kolkata')).toBe('1:30 AM IST');
    expect(formatTimeWithZone(instant, 'America/New_York')).toBe('3:00 PM EST');
  });
});

describe('a booked interview', () => {
  const start = at('2026-11-25T20:00:00Z');

  it("reads in the viewer's zone, with the booked zone's clock beside it when that differs", () => {
    expect(bookedTime(start, 'Asia/Kolkata', 'America/New_York')).toEqual({
      date: 'Wednesday, November 25, 2026',
      time: '3:00 PM EST',
      zone: 'America/New_York',
      asBooked: { date: 'Thursday, November 26, 2026', time: '1:30 AM IST', zone: 'Asia/Kolkata' },
    });
  });

  it('says it once when both clocks read the same (the same zone, or an old name of it)', () => {
    expect(bookedTime(start, 'Asia/Kolkata', 'Asia/Kolkata').asBooked).toBeNull();
    expect(bookedTime(start, 'Asia/Calcutta', 'Asia/Kolkata').asBooked).toBeNull();
  });

  it('leaves out a booked zone this browser does not know', () => {
    expect(bookedTime(start, 'Mars/Olympus', 'UTC')).toEqual({
      date: 'Wednesday, November 25, 2026',
      time: '8:00 PM UTC',
      zone: 'UTC',
      asBooked: null,
    });
    expect(bookedTime(start, null, 'UTC').asBooked).toBeNull();
  });
});
