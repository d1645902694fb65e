import { describe, expect, it } from 'vitest';

import { Downsampler, FRAME_SAMPLES, Framer, lowPassTaps, mixToMono, pcmToFloat32, toInt16 } from './pcm';

/** `seconds` of a sine of `hz` at `rate`, amplitude `amplitude`. */
function tone(hz: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const samples = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return samples;
}

/** Feeds `input` in blocks of `block` samples (a worklet gets 128 at a time). */
function downsample(input: Float32Array, inputRate: number, block: number): Float32Array {
  const downsampler = new Downsampler(inputRate);
  const parts: number[] = [];
  for (let at = 0; at < input.length; at += block) parts.push(...downsampler.push(input.subarray(at, at + block)));
  return Float32Array.from(parts);
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

describe('downsampling to 16 kHz', () => {
  it('gives one sample for every three at 48 kHz, however the input is cut', () => {
    const input = tone(440, 48_000, 1);
    const whole = downsample(input, 48_000, input.length);
    expect(whole.length).toBeGreaterThanOrEqual(15_999);
    expect(whole.length).toBeLessThanOrEqual(16_000);
    expect(downsample(input, 48_000, 128)).toEqual(whole);
    expect(downsample(input, 48_000, 77)).toEqual(whole);
  });

  it('reads 44.1 kHz at the right instants: 1 s in, 1 s out, blocks or not', () => {
    const input = tone(440, 44_100, 1);
    const whole = downsample(input, 44_100, input.length);
    expect(Math.abs(whole.length - 16_000)).toBeLessThanOrEqual(1);
    const blocks = downsample(input, 44_100, 128);
    expect(blocks.length).toBe(whole.length);
    blocks.forEach((sample, i) => expect(sample).toBeCloseTo(whole[i]!, 5));
  });

  it('keeps speech frequencies: a 1 kHz tone comes out as the same tone, slightly delayed', () => {
    for (const rate of [48_000, 44_100]) {
      const output = downsample(tone(1000, rate, 0.5), rate, 128);
      // The filter delays by half its length (31 input samples); compare after it settled.
      const delay = 31 / rate;
      let worst = 0;
      for (let k = 200; k < output.length; k++) {
        const expected = 0.5 * Math.sin(2 * Math.PI * 1000 * (k / 16_000 - delay));
        worst = Math.max(worst, Math.abs(output[k]! - expected));
      }
      expect(worst, `${rate} Hz`).toBeLessThan(0.01);
    }
  });

  it('removes what 16 kHz cannot hold instead of folding it into speech', () => {
    // Unfiltered, 12 kHz would come back as a loud 4 kHz tone.
    for (const rate of [48_000, 44_100]) {
      const output = downsample(tone(12_000, rate, 0.5), rate, 128);
      expect(rms(output.subarray(100)), `${rate} Hz`).toBeLessThan(0.001);
    }
  });

  it('passes a 16 kHz input through unchanged but for the filter', () => {
    const input = tone(300, 16_000, 0.1);
    const output = downsample(input, 16_000, 128);
    expect(output.length).toBe(input.length);
  });

  it('refuses to upsample', () => {
    expect(() => new Downsampler(8000)).toThrow('Cannot downsample 8000 Hz to 16000 Hz');
  });

  it('filters with a gain of one at 0 Hz', () => {
    const taps = lowPassTaps(0.15);
    expect(taps.reduce((sum, tap) => sum + tap, 0)).toBeCloseTo(1, 6);
    expect(taps.length % 2).toBe(1);
  });
});

describe('conversion to 16-bit PCM', () => {
  it('maps [-1, 1] onto the full signed range and clips beyond it', () => {
    expect(toInt16(0)).toBe(0);
    expect(toInt16(1)).toBe(32_767);
    expect(toInt16(-1)).toBe(-32_768);
    expect(toInt16(0.5)).toBe(16_384);
    expect(toInt16(-0.5)).toBe(-16_384);
    expect(toInt16(3)).toBe(32_767);
    expect(toInt16(-3)).toBe(-32_768);
  });

  it('frames samples into 320-sample little-endian frames and keeps the rest for the next', () => {
    const framer = new Framer();
    const first = framer.push(new Float32Array(500).fill(0.5));
    expect(first).toHaveLength(1);
    expect(first[0]!.byteLength).toBe(FRAME_SAMPLES * 2);
    const view = new DataView(first[0]!);
    expect(view.getInt16(0, true)).toBe(16_384);
    // Little-endian: the low byte first.
    expect(new Uint8Array(first[0]!).slice(0, 2)).toEqual(new Uint8Array([0x00, 0x40]));
    // 180 samples waited; 140 more complete the second frame, whose end is the new samples.
    const second = framer.push(new Float32Array(140).fill(-1));
    expect(second).toHaveLength(1);
    const frame = new DataView(second[0]!);
    expect(frame.getInt16(179 * 2, true)).toBe(16_384);
    expect(frame.getInt16(180 * 2, true)).toBe(-32_768);
    expect(framer.push(new Float32Array(319))).toHaveLength(0);
    expect(framer.push(new Float32Array(1))).toHaveLength(1);
  });

  it('gives each frame its own buffer, so posting one cannot change another', () => {
    const framer = new Framer();
    const [a, b] = framer.push(new Float32Array(640));
    expect(a).not.toBe(b);
  });

  it('reads the interviewer’s little-endian PCM as samples in [-1, 1)', () => {
    const bytes = new Uint8Array([0x00, 0x80, 0xff, 0x7f, 0x00, 0x00, 0x00, 0x40]).buffer;
    expect(Array.from(pcmToFloat32(bytes))).toEqual([-1, 32_767 / 32_768, 0, 0.5]);
    // A stray odd byte is not half a sample.
    expect(pcmToFloat32(new Uint8Array([1, 2, 3]).buffer)).toHaveLength(1);
  });

  it('mixes a stereo microphone down to mono', () => {
    const mono = mixToMono([Float32Array.from([1, 0.5]), Float32Array.from([0, -0.5])]);
    expect(Array.from(mono)).toEqual([0.5, 0]);
    const single = Float32Array.from([0.25]);
    expect(mixToMono([single])).toBe(single);
    expect(mixToMono([])).toHaveLength(0);
  });
});
