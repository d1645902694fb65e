/**
 * The self-hosted interview's audio format (server: `voice/selfhosted/engine.rs`): 16 kHz mono
 * signed 16-bit little-endian PCM both ways, the microphone in 20 ms frames of 320 samples.
 * Pure code, shared by the capture worklet and the page, so it is tested without Web Audio.
 */

export const PCM_RATE = 16_000;
/** Samples in one 20 ms frame at 16 kHz. */
export const FRAME_SAMPLES = 320;

/** The capture worklet's processor (`capture-worklet.ts`), as the page names it. */
export const CAPTURE_PROCESSOR = 'hirelane-pcm-capture';

/** Taps of the low-pass filter that keeps what the lower rate cannot hold from aliasing. */
const FILTER_TAPS = 63;

/**
 * A windowed-sinc low-pass at `cutoff` (a fraction of the input rate, at most 0.5), normalised
 * to a gain of 1 at 0 Hz.
 */
export function lowPassTaps(cutoff: number, taps: number = FILTER_TAPS): Float32Array {
  const h = new Float32Array(taps);
  const middle = (taps - 1) / 2;
  let sum = 0;
  for (let i = 0; i < taps; i++) {
    const x = i - middle;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    // Blackman window: about 74 dB down past the transition band.
    const window = 0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (taps - 1));
    h[i] = sinc * window;
    sum += h[i]!;
  }
  for (let i = 0; i < taps; i++) h[i]! /= sum;
  return h;
}

/**
 * Turns a stream of blocks at `inputRate` (48 kHz or 44.1 kHz from a microphone, 128 samples at
 * a time in a worklet) into samples at `outputRate`: low-pass filtered below the new Nyquist
 * frequency, then read at the output's instants by linear interpolation. Keeps its history
 * between blocks, so the output is the same however the input is cut.
 */
export class Downsampler {
  private readonly ratio: number;
  private readonly taps: Float32Array;
  /** The last `taps - 1` input samples, then the block being read. */
  private buffer: Float32Array;
  private filled: number;
  /** Where the next output sample falls, in input samples from the buffer's start. */
  private position: number;

  constructor(inputRate: number, outputRate: number = PCM_RATE) {
    if (!(inputRate >= outputRate) || outputRate <= 0) throw new Error(`Cannot downsample ${inputRate} Hz to ${outputRate} Hz`);
    this.ratio = inputRate / outputRate;
    // A little under the output's Nyquist frequency, so the transition band is mostly above it.
    this.taps = lowPassTaps((0.45 * outputRate) / inputRate);
    const history = this.taps.length - 1;
    this.buffer = new Float32Array(history + 1024);
    // Silence before the first sample, and the first output at the first input sample.
    this.filled = history;
    this.position = history;
  }

  /** The output samples that `input` completes (a new array each time). */
  push(input: Float32Array): Float32Array {
    this.append(input);
    const history = this.taps.length - 1;
    const last = this.filled - 1;
    // Room for every output the block completes (one spare for the position's rounding).
    const output = new Float32Array(Math.max(0, Math.floor((last - this.position) / this.ratio) + 2));
    let count = 0;
    for (;;) {
      const index = Math.floor(this.position);
      const fraction = this.position - index;
      // Between two samples the next one must have arrived; on a sample, that one suffices.
      if (index > last || (fraction > 0 && index === last)) break;
      const a = this.filtered(index);
      output[count++] = fraction === 0 ? a : a + (this.filtered(index + 1) - a) * fraction;
      this.position += this.ratio;
    }
    // Keep only what the next outputs still read: the filter's history before the next index.
    const keepFrom = Math.min(this.filled, Math.max(0, Math.floor(this.position) - history));
    this.buffer.copyWithin(0, keepFrom, this.filled);
    this.filled -= keepFrom;
    this.position -= keepFrom;
    return output.subarray(0, count);
  }

  private append(input: Float32Array) {
    const needed = this.filled + input.length;
    if (needed > this.buffer.length) {
      const grown = new Float32Array(needed * 2);
      grown.set(this.buffer.subarray(0, this.filled));
      this.buffer = grown;
    }
    this.buffer.set(input, this.filled);
    this.filled = needed;
  }

  /** The low-passed input at `index` (its filter reads `index` and the samples before it). */
  private filtered(index: number): number {
    const taps = this.taps;
    const buffer = this.buffer;
    let sum = 0;
    for (let j = 0; j < taps.length; j++) sum += taps[j]! * buffer[index - j]!;
    return sum;
  }
}

/** A sample in [-1, 1] as a signed 16-bit integer (clipped outside that range). */
export function toInt16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
}

/**
 * Collects samples into 20 ms frames of 16-bit little-endian PCM (640 bytes each), the unit
 * the interview's socket takes.
 */
export class Framer {
  private frame: DataView<ArrayBuffer>;
  private count = 0;

  constructor(private readonly size: number = FRAME_SAMPLES) {
    this.frame = new DataView(new ArrayBuffer(size * 2));
  }

  /** The frames that `samples` complete; the rest waits for the next call. */
  push(samples: Float32Array): ArrayBuffer[] {
    const frames: ArrayBuffer[] = [];
    for (const sample of samples) {
      this.frame.setInt16(this.count * 2, toInt16(sample), true);
      this.count += 1;
      if (this.count === this.size) {
        frames.push(this.frame.buffer);
        this.frame = new DataView(new ArrayBuffer(this.size * 2));
        this.count = 0;
      }
    }
    return frames;
  }
}

/** The average of a block's channels (a stereo microphone becomes mono). */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first || channels.length === 1) return first ?? new Float32Array(0);
  const mono = new Float32Array(first.length);
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i]! += channel[i] ?? 0;
  for (let i = 0; i < mono.length; i++) mono[i]! /= channels.length;
  return mono;
}

/** 16-bit little-endian PCM (the interviewer's voice) as samples in [-1, 1) for an AudioBuffer. */
export function pcmToFloat32(bytes: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes);
  const samples = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 0x8000;
  return samples;
}
