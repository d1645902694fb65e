/**
 * Barge-in: the candidate speaking over the interviewer. The page hears its own microphone in
 * 20 ms frames; a run of loud frames while the interviewer's voice plays means the candidate
 * has started talking, and the voice is stopped at once (within `BARGE_IN_FRAMES` frames, well
 * under the 0.3 s people notice). The browser's echo cancelling keeps the interviewer's own
 * voice out of the microphone, and the level is set well above a quiet room's.
 */

/** Loud frames in a row that count as speech (80 ms: a click or a cough is shorter). */
export const BARGE_IN_FRAMES = 4;
/** A frame this loud (RMS, of full scale; about -32 dBFS) is the candidate's voice. */
export const BARGE_IN_LEVEL = 0.025;

/** The RMS level, 0 to 1, of a frame of 16-bit little-endian PCM. */
export function frameLevel(frame: ArrayBuffer): number {
  const samples = new Int16Array(frame, 0, Math.floor(frame.byteLength / 2));
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length) / 32768;
}

/** Watches the frames heard while the interviewer speaks. */
export class BargeIn {
  private loudRun = 0;

  /** Takes the next frame; true once the candidate has been speaking for long enough. */
  hears(frame: ArrayBuffer): boolean {
    this.loudRun = frameLevel(frame) >= BARGE_IN_LEVEL ? this.loudRun + 1 : 0;
    return this.loudRun >= BARGE_IN_FRAMES;
  }

  /** Forgets the run (the interviewer is not speaking, or the turn was already cut). */
  reset(): void {
    this.loudRun = 0;
  }
}
