import { describe, expect, it } from 'vitest';

import { scoreBands } from './score-bands';

describe('scoreBands', () => {
  it('has five bands of twenty with the top one holding 100', () => {
    expect(scoreBands([]).map((band) => band.label)).toEqual(['0-19', '20-39', '40-59', '60-79', '80-100']);
  });

  it('counts each score in its band, including the edges', () => {
    const counts = scoreBands([0, 19, 20, 39, 40, 59, 60, 79, 80, 100, 100]).map((band) => band.count);
    expect(counts).toEqual([2, 2, 2, 2, 3]);
  });

  it('marks the bands at or above the Pass threshold of 60', () => {
    expect(scoreBands([]).map((band) => band.passing)).toEqual([false, false, false, true, true]);
  });

  it('skips unscored candidates and clamps odd values', () => {
    expect(scoreBands([null, undefined, Number.NaN, -5, 130]).map((band) => band.count)).toEqual([1, 0, 0, 0, 1]);
  });
});
