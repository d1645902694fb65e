import { describe, expect, it } from 'vitest';

import { dimensionLabel, formatPValue, formatRate, formatRatio, rateLabel, statusLabel } from './audit';

describe('the bias audit’s words and figures', () => {
  it('names statuses and dimensions, and passes unknown codes through', () => {
    expect(statusLabel('reported')).toBe('Reported');
    expect(statusLabel('excluded')).toBe('Excluded (<2 %)');
    expect(statusLabel('not_enough_data')).toBe('Not enough data');
    expect(statusLabel('later')).toBe('later');
    expect(dimensionLabel('intersection')).toBe('Sex and race/ethnicity');
    expect(rateLabel('scoring')).toBe('Scoring rate');
    expect(rateLabel('selection')).toBe('Selection rate');
  });

  it('formats rates, ratios and p-values, with a dash for what is absent', () => {
    expect(formatRate({ selectionRate: 0.42857, scoringRate: null })).toBe('42.9%');
    expect(formatRate({ selectionRate: null, scoringRate: 1 })).toBe('100.0%');
    expect(formatRate({ selectionRate: null, scoringRate: null })).toBe('—');
    expect(formatRatio(0.756)).toBe('0.76');
    expect(formatRatio(null)).toBe('—');
    expect(formatPValue(0.04321)).toBe('0.043');
    expect(formatPValue(0.0002)).toBe('< 0.001');
    expect(formatPValue(null)).toBe('—');
  });
});
