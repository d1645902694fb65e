import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateTime,
  formatElapsed,
  formatLongDate,
  formatMonth,
  formatTime,
  humanizeInstants,
  parseInstant,
  viewerZone,
} from './date-time';

// Some ICU versions put a narrow no-break space before AM/PM; the tests read any space as one.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('parseInstant', () => {
  it('reads an instant without a zone suffix as UTC, as the server means it', () => {
    expect(parseInstant('2026-11-25T09:30:00')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(parseInstant('2026-11-25T09:30:00.000Z')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(parseInstant('2026-11-25T15:00:00+05:30')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });

  it('takes Dates and milliseconds', () => {
    expect(parseInstant(new Date('2026-11-25T09:30:00Z'))?.getTime()).toBe(Date.parse('2026-11-25T09:30:00Z'));
    expect(parseInstant(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('is null for nothing or nonsense', () => {
    for (const value of [null, undefined, '', 'soon', Number.NaN]) expect(parseInstant(value)).toBeNull();
  });
});

describe('formatDateTime', () => {
  const at = '2026-03-02T00:45:00Z';

  it('writes one format, in the zone it is given', () => {
    expect(plain(formatDateTime(at, { timeZone: 'Asia/Kolkata' }))).toBe('Mar 2, 2026, 6:15 AM');
    // The same instant is still March 1 in New York.
    expect(plain(formatDateTime(at, { timeZone: 'America/New_York' }))).toBe('Mar 1, 2026, 7:45 PM');
  });

  it('names the zone when asked', () => {
    expect(plain(formatDateTime(at, { timeZone: 'Asia/Kolkata', withZone: true }))).toBe('Mar 2, 2026, 6:15 AM GMT+5:30');
    expect(plain(formatDateTime(at, { timeZone: 'America/New_York', withZone: true }))).toBe('Mar 1, 2026, 7:45 PM EST');
    expect(plain(formatDateTime(at, { timeZone: 'UTC', withZone: true }))).toBe('Mar 2, 2026, 12:45 AM UTC');
  });

  it('follows daylight saving time: New York is EDT in July', () => {
    expect(plain(formatDateTime('2026-07-01T16:00:00Z', { timeZone: 'America/New_York', withZone: true }))).toBe(
      'Jul 1, 2026, 12:00 PM EDT',
    );
  });

  it('uses the viewer’s zone by default (the tests run in UTC)', () => {
    expect(viewerZone()).toBe('UTC');
    expect(plain(formatDateTime('2026-03-04T16:45:00'))).toBe('Mar 4, 2026, 4:45 PM');
  });

  it('is empty for a missing or unreadable value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('later')).toBe('');
  });
});

describe('formatDate and formatLongDate', () => {
  it('give the date in the zone', () => {
    expect(formatDate('2026-11-25T20:00:00Z', { timeZone: 'Asia/Kolkata' })).toBe('Nov 26, 2026');
    expect(formatDate('2026-11-25T20:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('Nov 25, 2026');
    expect(formatLongDate('2026-11-25T20:00:00Z', { timeZone: 'Asia/Kolkata' })).toBe('Thursday, November 26, 2026');
  });

  it('keep a calendar day the same day in every zone', () => {
    for (const timeZone of ['Pacific/Honolulu', 'UTC', 'Pacific/Kiritimati']) {
      expect(formatDate('2026-04-30', { timeZone })).toBe('Apr 30, 2026');
      expect(formatLongDate('2026-04-30', { timeZone })).toBe('Thursday, April 30, 2026');
      expect(formatDateTime('2026-04-30', { timeZone, withZone: true })).toBe('Apr 30, 2026');
    }
    expect(formatTime('2026-04-30')).toBe('');
    expect(formatMonth('2026-11-01')).toBe('November 2026');
  });
});

describe('formatTime', () => {
  it('gives the time alone, with the zone when asked', () => {
    expect(plain(formatTime('2026-11-25T09:30:00Z', { timeZone: 'Asia/Kolkata' }))).toBe('3:00 PM');
    expect(plain(formatTime('2026-11-25T09:30:00Z', { timeZone: 'Asia/Tokyo', withZone: true }))).toBe('6:30 PM GMT+9');
  });
});

describe('formatElapsed', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('says how long ago in the largest whole unit', () => {
    expect(formatElapsed('2026-11-27T11:30:00Z', now)).toBe('<1 hour');
    expect(formatElapsed('2026-11-27T09:00:00Z', now)).toBe('3 hours');
    expect(formatElapsed('2026-11-26T11:00:00Z', now)).toBe('1 day');
    expect(formatElapsed('2026-11-20T12:00:00Z', now)).toBe('7 days');
    expect(formatElapsed('2026-10-30T12:00:00Z', now)).toBe('4 weeks');
  });

  it('is empty for nothing and counts a time ahead as now', () => {
    expect(formatElapsed(null, now)).toBe('');
    expect(formatElapsed('2026-11-27T13:00:00Z', now)).toBe('<1 hour');
  });
});

describe('humanizeInstants', () => {
  it("writes the instants of a server sentence in the viewer's zone, named", () => {
    expect(plain(humanizeInstants('Interview booked for 2026-11-26T17:15:00Z', { timeZone: 'America/New_York' }))).toBe(
      'Interview booked for Nov 26, 2026, 12:15 PM EST',
    );
    expect(plain(humanizeInstants('Moved from 2026-11-26T17:15:00.000+05:30 to 2026-11-27T00:00Z', { timeZone: 'UTC' }))).toBe(
      'Moved from Nov 26, 2026, 11:45 AM UTC to Nov 27, 2026, 12:00 AM UTC',
    );
  });

  it('leaves a sentence without instants as it is', () => {
    expect(humanizeInstants('Moved from Interviewed to Shortlisted')).toBe('Moved from Interviewed to Shortlisted');
  });
});
