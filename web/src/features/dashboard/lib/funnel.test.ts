import { describe, expect, it } from 'vitest';

import type { FunnelStep } from '../api/get-funnel';
import { conversionOf, formatConversion, funnelBars, sourceCounts } from './funnel';

const step = (stage: FunnelStep['stage'], label: string, reached: number, conversion: number | null): FunnelStep => ({
  stage,
  label,
  reached,
  skipped: 0,
  current: 0,
  conversion,
  finishedReached: 0,
  passThrough: null,
});

describe('funnel percentages', () => {
  it('formats a share as a whole percentage, never rounding a few to none or to all', () => {
    expect(formatConversion(2 / 3)).toBe('67%');
    expect(formatConversion(0.2)).toBe('20%');
    expect(formatConversion(1)).toBe('100%');
    expect(formatConversion(0)).toBe('0%');
    expect(formatConversion(0.004)).toBe('<1%');
    expect(formatConversion(0.996)).toBe('>99%');
    expect(formatConversion(null)).toBe('—');
    expect(formatConversion(Number.NaN)).toBe('—');
  });

  it('works out the conversion from the previous step', () => {
    expect(conversionOf(3, 12)).toBe(0.25);
    expect(conversionOf(0, 0)).toBeNull();
  });

  it('draws the steps New → Hired relative to the widest, with the conversion from each previous step', () => {
    const bars = funnelBars({
      steps: [
        step('new', 'New', 12, null),
        step('screened', 'Screened', 9, 0.75),
        step('invited', 'Invited', 6, 2 / 3),
        step('scheduled', 'Scheduled', 0, 0),
        step('interviewed', 'Interviewed', 0, null),
      ],
    });
    expect(bars.map((bar) => [bar.label, bar.reached, bar.width, bar.conversion])).toEqual([
      ['New', 12, 100, null],
      ['Screened', 9, 75, '75%'],
      ['Invited', 6, 50, '67%'],
      ['Scheduled', 0, 0, '0%'],
      // Nobody reached the step before: no conversion to speak of.
      ['Interviewed', 0, 0, '—'],
    ]);
  });

  it('draws no bars for an empty funnel', () => {
    expect(funnelBars({ steps: [step('new', 'New', 0, null), step('screened', 'Screened', 0, null)] }).map((bar) => bar.width)).toEqual([
      0, 0,
    ]);
  });
});

describe('funnel sources', () => {
  it('lists every source, applications first, zeros included', () => {
    expect(sourceCounts({ sources: { applied: 3, uploaded: 5, csv: 0 } })).toEqual([
      { source: 'applied', label: 'Applied', count: 3 },
      { source: 'uploaded', label: 'Uploaded', count: 5 },
      { source: 'csv', label: 'CSV', count: 0 },
    ]);
  });

  it('has nothing to show without the breakdown', () => {
    expect(sourceCounts({})).toEqual([]);
  });
});
