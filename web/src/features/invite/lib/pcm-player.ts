/**
 * Plays the interviewer's voice as it arrives: each piece of PCM is scheduled to start exactly
 * where the one before it ends, so 100 ms pieces play as one continuous voice, and the player
 * says when everything it was given has finished playing. The clock and the sound output are
 * passed in (Web Audio in the page, fakes in the tests).
 */
import { PCM_RATE } from './pcm';

/** A piece scheduled on the output; `stop` silences it (and it then reports no end). */
export type Scheduled = { stop: () => void };

/** Plays `samples` (at `PCM_RATE`) from time `at` on the output's clock; `onEnded` after the last. */
export type PlayAt = (samples: Float32Array<ArrayBuffer>, at: number, onEnded: () => void) => Scheduled;

/**
 * Headroom before the first piece of a turn: a start in the past would be clipped, and a
 * little delay lets the next pieces arrive before the first runs out.
 */
export const START_LEAD_SECONDS = 0.15;

/** When a piece should start: right after what is queued, or after the lead when nothing is. */
export function nextStart(now: number, queuedUntil: number, lead: number = START_LEAD_SECONDS): number {
  return queuedUntil > now ? queuedUntil : now + lead;
}

export class PcmPlayer {
  private queuedUntil = 0;
  private readonly playing = new Set<Scheduled>();

  /**
   * @param now the output's clock in seconds (`AudioContext.currentTime`)
   * @param play schedules one piece on the output
   * @param onIdle called when the last piece queued has finished playing
   */
  constructor(
    private readonly now: () => number,
    private readonly play: PlayAt,
    private readonly onIdle: () => void,
  ) {}

  /** Queues a piece after everything queued before it. */
  enqueue(samples: Float32Array<ArrayBuffer>): void {
    if (samples.length === 0) return;
    const at = nextStart(this.now(), this.queuedUntil);
    this.queuedUntil = at + samples.length / PCM_RATE;
    const piece = this.play(samples, at, () => {
      if (!this.playing.delete(piece)) return;
      if (this.playing.size === 0) this.onIdle();
    });
    this.playing.add(piece);
  }

  /** Whether nothing is queued or playing. */
  get idle(): boolean {
    return this.playing.size === 0;
  }

  /** Silences everything queued (a dropped connection: the turn is asked again). */
  stop(): void {
    const pieces = [...this.playing];
    this.playing.clear();
    this.queuedUntil = 0;
    for (const piece of pieces) piece.stop();
  }
}
