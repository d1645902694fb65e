import { useCallback, useEffect, useRef, useState } from 'react';

export type MicStatus = 'idle' | 'requesting' | 'live' | 'denied' | 'missing' | 'unsupported' | 'error';

export const MIC_MESSAGES: Record<Exclude<MicStatus, 'idle' | 'requesting' | 'live'>, string> = {
  denied:
    'Microphone access was blocked. Allow this site to use your microphone (the icon in the address bar or your browser settings), then try again.',
  missing: 'No microphone was found. Connect a microphone or headset, then try again.',
  unsupported: 'This browser cannot use a microphone here. Please open the link in a recent Chrome, Edge, Firefox or Safari.',
  error: 'Your microphone could not be started. Close other apps that may be using it, then try again.',
};

function statusOf(error: unknown): MicStatus {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'error';
}

/**
 * A microphone check: asks for the microphone and measures its level (0 to 1) from an
 * analyser, about 15 times a second. `stop` releases the microphone so the call can take it.
 */
export function useMicCheck() {
  const [status, setStatus] = useState<MicStatus>('idle');
  const [level, setLevel] = useState(0);
  const cleanup = useRef<() => void>(() => undefined);

  const stop = useCallback(() => {
    cleanup.current();
    cleanup.current = () => undefined;
    setLevel(0);
    setStatus((current) => (current === 'live' ? 'idle' : current));
  }, []);

  const start = useCallback(async () => {
    cleanup.current();
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus('unsupported');
      return;
    }
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setStatus(statusOf(error));
      return;
    }
    const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
    const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
    if (!AudioContextClass) {
      // The microphone works even where the level cannot be measured.
      cleanup.current = stopTracks;
      setStatus('live');
      return;
    }
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      // Root mean square around the 128 midpoint, scaled so speech fills most of the meter.
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    }, 66);
    cleanup.current = () => {
      window.clearInterval(timer);
      stopTracks();
      void context.close().catch(() => undefined);
    };
    setStatus('live');
  }, []);

  useEffect(() => () => cleanup.current(), []);

  return { status, level, start, stop };
}
