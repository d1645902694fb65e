import { describe, expect, it } from 'vitest';

import { BARGE_IN_FRAMES, BargeIn, frameLevel } from './barge-in';

/** A 20 ms frame (320 samples) of a tone at `amplitude` of full scale. */
function tone(amplitude: number): ArrayBuffer {
  const samples = new Int16Array(320);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 220 * i) / 16000));
  return samples.buffer;
}

describe('barge-in', () => {
  it('measures a frame as RMS of full scale', () => {
    expect(frameLevel(new ArrayBuffer(640))).toBe(0);
    expect(frameLevel(new ArrayBuffer(0))).toBe(0);
    expect(frameLevel(tone(0.5))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('hears the candidate after a run of loud frames, within 0.3 s of audio', () => {
    const bargeIn = new BargeIn();
    const heard = Array.from({ length: 10 }, () => bargeIn.hears(tone(0.2)));
    expect(heard.indexOf(true)).toBe(BARGE_IN_FRAMES - 1);
    expect(BARGE_IN_FRAMES * 20).toBeLessThanOrEqual(300);
  });

  it('ignores a quiet room, a click and whatever came before a reset', () => {
    const bargeIn = new BargeIn();
    expect(Array.from({ length: 50 }, () => bargeIn.hears(tone(0.005))).some(Boolean)).toBe(false);
    for (let i = 0; i < 10; i++) {
      expect(bargeIn.hears(tone(0.5))).toBe(false);
      expect(bargeIn.hears(tone(0))).toBe(false);
    }
    for (let i = 0; i < BARGE_IN_FRAMES - 1; i++) bargeIn.hears(tone(0.3));
    bargeIn.reset();
    expect(bargeIn.hears(tone(0.3))).toBe(false);
  });
});
