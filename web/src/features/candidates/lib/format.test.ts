import { describe, expect, it } from 'vitest';

import { formatLocalDateTime, parseUtc } from './format';

describe('formatLocalDateTime', () => {
  it('treats a zone-less timestamp as UTC (tests run with TZ=UTC)', () => {
    expect(formatLocalDateTime('2026-03-05T09:07:00')).toBe(formatLocalDateTime('2026-03-05T09:07:00Z'));
    expect(formatLocalDateTime('2026-03-05T09:07:00Z')).toMatch(/09:07/);
  });

  it("shows a zone-less interviewDateTime in the recruiter's zone", () => {
    // 09:30 UTC is 15:00 in Kolkata (+05:30) and 04:30 in New York (EST, -05:00).
    expect(formatLocalDateTime('2026-11-25T09:30:00', { timeZone: 'Asia/Kolkata' })).toMatch(/03:00\s?PM/);
    expect(formatLocalDateTime('2026-11-25T09:30:00', { timeZone: 'America/New_York' })).toMatch(/04:30\s?AM/);
    // Across midnight the date moves too.
    expect(formatLocalDateTime('2026-11-25T20:00:00', { timeZone: 'Asia/Kolkata' })).toMatch(/Nov 26, 2026/);
  });

  it('is blank for nothing or garbage', () => {
    expect(formatLocalDateTime(null)).toBe('');
    expect(formatLocalDateTime('soon')).toBe('');
  });
});

describe('parseUtc', () => {
  it('appends Z only when the value has no zone', () => {
    expect(parseUtc('2026-11-25T09:30:00')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(parseUtc('2026-11-25T09:30:00+05:30')?.toISOString()).toBe('2026-11-25T04:00:00.000Z');
    expect(parseUtc('2026-11-25T09:30:00.000Z')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(parseUtc('')).toBeNull();
  });
});
