import { describe, expect, it } from 'vitest';

import { countdownParts, formatElapsed, joinPhase, needsJoinConfirmation } from './join-window';

const start = Date.parse('2026-11-25T09:30:00Z');
const min = 60_000;

describe('join window', () => {
  it.each([
    [-60 * min, 'before'],
    [-5 * min - 1, 'before'],
    [-5 * min, 'joinable'],
    [-1, 'joinable'],
    [0, 'started'],
    [30 * min, 'started'],
    [30 * min + 1, 'disabled'],
    [24 * 60 * min, 'disabled'],
  ])('at %i ms from the start it is %s', (offset, phase) => {
    expect(joinPhase(start, start + offset)).toBe(phase);
  });

  it('asks for confirmation only with fewer than five minutes (and not less than none) to go', () => {
    expect(needsJoinConfirmation(start, start - 5 * min)).toBe(false);
    expect(needsJoinConfirmation(start, start - 5 * min + 1)).toBe(true);
    expect(needsJoinConfirmation(start, start - 1000)).toBe(true);
    expect(needsJoinConfirmation(start, start)).toBe(true);
    expect(needsJoinConfirmation(start, start + 1)).toBe(false);
    expect(needsJoinConfirmation(start, start + 10 * min)).toBe(false);
  });
});

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds, rounding down', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(5 * min)).toEqual({ days: 0, hours: 0, minutes: 5, seconds: 0 });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('writes the call timer as mm:ss, with hours past one', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65_500)).toBe('01:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
  });
});
