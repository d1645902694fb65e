import { describe, expect, it } from 'vitest';

import { addMonths, monthGrid, monthLabel, monthOf } from './calendar';

describe('calendar grid', () => {
  it('lays out a month in Sunday-first weeks', () => {
    const november = monthGrid('2026-11');
    expect(november).toHaveLength(5);
    expect(november[0]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(november[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    expect(monthGrid('2026-02')).toHaveLength(4);
    expect(monthGrid('2026-08')[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
  });

  it('moves across years and names months', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthOf('2026-11-25')).toBe('2026-11');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
