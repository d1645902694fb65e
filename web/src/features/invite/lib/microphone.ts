/**
 * What the microphone check and the self-hosted interview share: the candidate's words for a
 * microphone that cannot be used, and a level meter over the microphone's signal.
 */

export type MicStatus = 'idle' | 'requesting' | 'live' | 'denied' | 'missing' | 'unsupported' | 'error';

export type MicProblem = Exclude<MicStatus, 'idle' | 'requesting' | 'live'>;

export const MIC_MESSAGES: Record<MicProblem, string> = {
  denied:
    'Microphone access was blocked. Allow this site to use your microphone (the icon in the address bar or your browser settings), then try again.',
  missing: 'No microphone was found. Connect a microphone or headset, then try again.',
  unsupported: 'This browser cannot use a microphone here. Please open the link in a recent Chrome, Edge, Firefox or Safari.',
  error: 'Your microphone could not be started. Close other apps that may be using it, then try again.',
};

/** The problem behind a failed `getUserMedia`. */
export function micProblemOf(error: unknown): MicProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'error';
}

/** How often the level meter reads the microphone (about 15 times a second). */
const LEVEL_INTERVAL_MS = 66;

/**
 * The level (0 to 1) of 8-bit time-domain samples: their root mean square around the 128
 * midpoint, scaled so speech fills most of the meter.
 */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}

/** Reports the level of `source` through an AnalyserNode until the returned function is called. */
export function watchLevel(context: BaseAudioContext, source: AudioNode, onLevel: (level: number) => void): () => void {
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getByteTimeDomainData(samples);
    onLevel(levelOf(samples));
  }, LEVEL_INTERVAL_MS);
  return () => {
    window.clearInterval(timer);
    source.disconnect(analyser);
  };
}
