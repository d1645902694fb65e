import { useCallback, useEffect, useRef, useState } from 'react';

import { micProblemOf, watchLevel } from '../lib/microphone';
import type { MicStatus } from '../lib/microphone';

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
      setStatus(micProblemOf(error));
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
    const unwatch = watchLevel(context, context.createMediaStreamSource(stream), setLevel);
    cleanup.current = () => {
      unwatch();
      stopTracks();
      void context.close().catch(() => undefined);
    };
    setStatus('live');
  }, []);

  useEffect(() => () => cleanup.current(), []);

  return { status, level, start, stop };
}
