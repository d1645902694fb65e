/**
 * The self-hosted interview's sound in the browser, on one AudioContext: the microphone through
 * the capture worklet (16 kHz frames for the socket) and a level meter, and the interviewer's
 * voice through a `PcmPlayer`. Needs real Web Audio, so the browser tests cover it; the pieces
 * it joins are unit-tested.
 */
import captureWorkletUrl from './capture-worklet?worker&url';
import { MIC_MESSAGES, micProblemOf, watchLevel } from './microphone';
import type { MicProblem } from './microphone';
import { CAPTURE_PROCESSOR, PCM_RATE } from './pcm';
import { PcmPlayer } from './pcm-player';
import type { PlayAt } from './pcm-player';

export type InterviewAudio = {
  player: PcmPlayer;
  /** Releases the microphone and the context. */
  close: () => void;
};

export type InterviewAudioHandlers = {
  /** A 20 ms frame of the microphone, 16 kHz 16-bit little-endian PCM. */
  onFrame: (frame: ArrayBuffer) => void;
  /** The microphone's level, 0 to 1, about 15 times a second. */
  onLevel: (level: number) => void;
  /** Everything the player was given has played. */
  onPlayed: () => void;
  /** The microphone track was muted or unmuted (for the conduct log). */
  onMuted?: (muted: boolean) => void;
};

/** A microphone that cannot be used; the message is the candidate's words for why. */
class MicrophoneError extends Error {
  constructor(problem: MicProblem) {
    super(MIC_MESSAGES[problem]);
    this.name = 'MicrophoneError';
  }
}

/**
 * Opens the microphone and the sound output. Call it from the click that starts the interview:
 * the context is created first, while the click still allows it to play sound.
 */
export async function openInterviewAudio({ onFrame, onLevel, onPlayed, onMuted }: InterviewAudioHandlers): Promise<InterviewAudio> {
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  if (!navigator.mediaDevices?.getUserMedia || !AudioContextClass || !('audioWorklet' in AudioContextClass.prototype)) {
    throw new MicrophoneError('unsupported');
  }
  const context = new AudioContextClass();
  let stream: MediaStream | null = null;
  try {
    try {
      // One channel is all the interview uses; the browser's echo cancelling and noise
      // suppression stay on (the candidate may not wear headphones).
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } });
    } catch (error) {
      throw new MicrophoneError(micProblemOf(error));
    }
    const [track] = stream.getAudioTracks();
    if (track && onMuted) {
      track.onmute = () => onMuted(true);
      track.onunmute = () => onMuted(false);
    }
    await context.audioWorklet.addModule(captureWorkletUrl);
    const source = context.createMediaStreamSource(stream);
    // No outputs: the node only listens, and the microphone never reaches the speakers. One
    // explicit channel: the browser mixes a stereo microphone down before the worklet.
    const capture = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    capture.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(event.data);
    source.connect(capture);
    const unwatch = watchLevel(context, source, onLevel);
    if (context.state === 'suspended') await context.resume();

    const play: PlayAt = (samples, at, onEnded) => {
      const buffer = context.createBuffer(1, samples.length, PCM_RATE);
      buffer.copyToChannel(samples, 0);
      const node = context.createBufferSource();
      node.buffer = buffer;
      node.connect(context.destination);
      node.onended = onEnded;
      node.start(at);
      return {
        stop: () => {
          node.onended = null;
          node.stop();
          node.disconnect();
        },
      };
    };
    const player = new PcmPlayer(() => context.currentTime, play, onPlayed);
    const opened = stream;
    let closed = false;
    return {
      player,
      close: () => {
        if (closed) return;
        closed = true;
        player.stop();
        unwatch();
        capture.port.onmessage = null;
        source.disconnect();
        opened.getTracks().forEach((track) => track.stop());
        void context.close().catch(() => undefined);
      },
    };
  } catch (error) {
    stream?.getTracks().forEach((track) => track.stop());
    void context.close().catch(() => undefined);
    if (error instanceof MicrophoneError) throw error;
    // The worklet or the audio graph failed: the candidate can only retry, the log says why.
    console.error('The interview audio could not start', error);
    throw new MicrophoneError('error');
  }
}
