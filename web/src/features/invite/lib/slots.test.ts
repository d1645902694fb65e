import { describe, expect, it } from 'vitest';

import { addDays, bookableDayTest, calendarBounds, isDayBookable, quarterHoursOfDay, scheduleFields, slotsForDay } from './slots';

// These tests also run with TZ=America/New_York (npm test): nothing may depend on the machine's zone.
const at = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const LONG_AGO = at('2020-01-01T00:00:00Z');

describe('quarter hours of a day', () => {
  it('has 96 in a day without a change, from local midnight', () => {
    const utc = quarterHoursOfDay('2026-11-25', 'UTC');
    expect(utc).toHaveLength(96);
    expect(utc[0]?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(utc[95]?.toISOString()).toBe('2026-11-25T23:45:00.000Z');
  });

  it('follows half- and three-quarter-hour offsets (Kolkata, Kathmandu)', () => {
    const kolkata = quarterHoursOfDay('2026-11-25', 'Asia/Kolkata');
    expect(kolkata).toHaveLength(96);
    expect(kolkata[0]?.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(kolkata[95]?.toISOString()).toBe('2026-11-25T18:15:00.000Z');
    const kathmandu = quarterHoursOfDay('2026-11-25', 'Asia/Kathmandu');
    expect(kathmandu).toHaveLength(96);
    expect(kathmandu[0]?.toISOString()).toBe('2026-11-24T18:15:00.000Z');
  });

  it('skips the hour New York loses on March 8, 2026', () => {
    const slots = slotsForDay({ date: '2026-03-08', zone: 'America/New_York', now: LONG_AGO, bookableUntil: null });
    expect(slots).toHaveLength(92);
    const labels = slots.map((slot) => slot.label);
    expect(labels.slice(6, 10)).toEqual(['1:30 AM', '1:45 AM', '3:00 AM', '3:15 AM']);
    expect(labels.some((label) => /^2:\d\d AM/.test(label))).toBe(false);
    expect(slots[8]?.value).toBe('2026-03-08T07:00:00.000Z');
  });

  it('offers both copies of the hour New York repeats on November 1, 2026, told apart by zone', () => {
    const slots = slotsForDay({ date: '2026-11-01', zone: 'America/New_York', now: LONG_AGO, bookableUntil: null });
    expect(slots).toHaveLength(100);
    const oneThirty = slots.filter((slot) => slot.label.startsWith('1:30 AM'));
    expect(oneThirty.map((slot) => [slot.label, slot.value])).toEqual([
      ['1:30 AM (EDT)', '2026-11-01T05:30:00.000Z'],
      ['1:30 AM (EST)', '2026-11-01T06:30:00.000Z'],
    ]);
    // Times that happen once keep their plain label.
    expect(slots[0]?.label).toBe('12:00 AM');
  });

  it('follows the London changes (March 29 and October 25, 2026)', () => {
    expect(quarterHoursOfDay('2026-03-29', 'Europe/London')).toHaveLength(92);
    expect(quarterHoursOfDay('2026-10-25', 'Europe/London')).toHaveLength(100);
    expect(iso(quarterHoursOfDay('2026-03-29', 'Europe/London')).slice(3, 6)).toEqual([
      '2026-03-29T00:45:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:15:00.000Z',
    ]);
  });
});

describe('bookable slots', () => {
  it("drops today's past times in the chosen zone, including the current quarter hour", () => {
    const now = at('2026-11-25T09:37:00Z'); // 15:07 in Kolkata, 04:37 in New York
    const kolkata = slotsForDay({ date: '2026-11-25', zone: 'Asia/Kolkata', now, bookableUntil: null });
    expect(kolkata[0]).toMatchObject({ label: '3:15 PM', value: '2026-11-25T09:45:00.000Z' });
    expect(kolkata).toHaveLength(35);
    const newYork = slotsForDay({ date: '2026-11-25', zone: 'America/New_York', now, bookableUntil: null });
    expect(newYork[0]?.label).toBe('4:45 AM');
    const onTheDot = slotsForDay({ date: '2026-11-25', zone: 'UTC', now: at('2026-11-25T09:30:00Z'), bookableUntil: null });
    expect(onTheDot[0]?.value).toBe('2026-11-25T09:45:00.000Z');
  });

  it('ends before bookableUntil (the end of the apply-last date in the recruiter zone)', () => {
    const bookableUntil = at('2026-12-01T18:30:00Z'); // midnight after December 1 in Kolkata
    const rules = { now: LONG_AGO, bookableUntil };
    const kolkata = slotsForDay({ date: '2026-12-01', zone: 'Asia/Kolkata', ...rules });
    expect(kolkata).toHaveLength(96);
    expect(kolkata.at(-1)).toMatchObject({ label: '11:45 PM', value: '2026-12-01T18:15:00.000Z' });
    const newYork = slotsForDay({ date: '2026-12-01', zone: 'America/New_York', ...rules });
    expect(newYork.at(-1)).toMatchObject({ label: '1:15 PM', value: '2026-12-01T18:15:00.000Z' });
    expect(slotsForDay({ date: '2026-12-02', zone: 'America/New_York', ...rules })).toEqual([]);
  });
});

describe('calendar bounds', () => {
  it('starts today in the chosen zone and ends on the apply-last date', () => {
    const now = at('2026-11-25T20:00:00Z');
    const bookableUntil = at('2026-12-01T18:30:00Z');
    expect(calendarBounds({ zone: 'Asia/Kolkata', now, applyLastDate: '2026-12-01', bookableUntil })).toEqual({
      min: '2026-11-26',
      max: '2026-12-01',
    });
    expect(calendarBounds({ zone: 'America/New_York', now, applyLastDate: '2026-12-01', bookableUntil })).toEqual({
      min: '2026-11-25',
      max: '2026-12-01',
    });
    // Tokyo is past midnight when the window closes, yet the apply-last date stays the limit.
    expect(calendarBounds({ zone: 'Asia/Tokyo', now, applyLastDate: '2026-12-01', bookableUntil }).max).toBe('2026-12-01');
    expect(calendarBounds({ zone: 'UTC', now, applyLastDate: null, bookableUntil: null })).toEqual({ min: '2026-11-25', max: null });
  });

  it('ends a day early where the window closes before midnight of the apply-last date', () => {
    // A recruiter at +14:00 (Kiritimati): December 1 ends at 10:00 UTC, which is still
    // November 30 in Honolulu.
    const bookableUntil = at('2026-12-01T10:00:00Z');
    const bounds = calendarBounds({
      zone: 'Pacific/Honolulu',
      now: at('2026-11-25T20:00:00Z'),
      applyLastDate: '2026-12-01',
      bookableUntil,
    });
    expect(bounds.max).toBe('2026-11-30');
  });

  it('disables days outside the bounds and a today with no time left', () => {
    const bookableUntil = at('2026-12-01T18:30:00Z');
    const zone = 'Asia/Kolkata';
    const lateEvening = at('2026-11-25T18:20:00Z'); // 23:50 in Kolkata
    const bounds = calendarBounds({ zone, now: lateEvening, applyLastDate: '2026-12-01', bookableUntil });
    const day = (date: string) => isDayBookable({ date, zone, now: lateEvening, bookableUntil, bounds });
    expect(day('2026-11-25')).toBe(false);
    expect(day('2026-11-24')).toBe(false);
    expect(day('2026-11-26')).toBe(true);
    expect(day('2026-12-01')).toBe(true);
    expect(day('2026-12-02')).toBe(false);
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    // The calendar's precomputed test agrees day by day.
    const test = bookableDayTest({ zone, now: lateEvening, bookableUntil, bounds });
    for (let date = '2026-11-20'; date <= '2026-12-05'; date = addDays(date, 1)) expect(test(date)).toBe(day(date));
  });
});

describe('schedule fields', () => {
  it("sends the instant in UTC with the zone and that instant's offset", () => {
    const [slot] = slotsForDay({ date: '2026-11-25', zone: 'Asia/Kolkata', now: at('2026-11-25T09:20:00Z'), bookableUntil: null });
    expect(scheduleFields(slot!, 'Asia/Kolkata')).toEqual({
      interviewStartUtc: '2026-11-25T09:30:00.000Z',
      timeZoneName: 'Asia/Kolkata',
      gmtValue: 'GMT+05:30',
    });
    expect(scheduleFields({ start: at('2026-03-08T07:00:00Z') }, 'America/New_York').gmtValue).toBe('GMT-04:00');
    expect(scheduleFields({ start: at('2026-03-08T06:45:00Z') }, 'America/New_York').gmtValue).toBe('GMT-05:00');
    expect(scheduleFields({ start: at('2026-11-25T10:15:00Z') }, 'Asia/Kathmandu').gmtValue).toBe('GMT+05:45');
  });
});
