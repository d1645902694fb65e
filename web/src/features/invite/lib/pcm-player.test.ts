import { describe, expect, it, vi } from 'vitest';

import { PcmPlayer, START_LEAD_SECONDS, nextStart } from './pcm-player';
import type { PlayAt } from './pcm-player';

/** 100 ms at 16 kHz, the size of the server's pieces. */
const PIECE = () => new Float32Array(1600);

/** A player on a clock the test moves, whose output only records what it was asked to play. */
function setup() {
  const clock = { now: 10 };
  const pieces: Array<{ at: number; length: number; ended: () => void; stop: ReturnType<typeof vi.fn> }> = [];
  const play: PlayAt = (samples, at, onEnded) => {
    const piece = { at, length: samples.length, ended: onEnded, stop: vi.fn() };
    pieces.push(piece);
    return { stop: piece.stop };
  };
  const onIdle = vi.fn();
  const player = new PcmPlayer(() => clock.now, play, onIdle);
  return { clock, pieces, onIdle, player };
}

describe('the PCM playback scheduler', () => {
  it('starts a turn a little ahead of the clock and plays its pieces back to back', () => {
    const { pieces, player } = setup();
    player.enqueue(PIECE());
    player.enqueue(PIECE());
    player.enqueue(new Float32Array(800));
    player.enqueue(PIECE());
    expect(pieces.map((piece) => piece.at)).toEqual([10.15, 10.25, 10.35, 10.4].map((t) => expect.closeTo(t, 9) as number));
  });

  it('keeps the order when pieces arrive while earlier ones play', () => {
    const { clock, pieces, player } = setup();
    player.enqueue(PIECE());
    clock.now = 10.2; // the first piece is playing (10.15 to 10.25)
    player.enqueue(PIECE());
    expect(pieces[1]!.at).toBeCloseTo(10.25, 9);
  });

  it('starts afresh after a gap instead of scheduling into the past', () => {
    const { clock, pieces, player } = setup();
    player.enqueue(PIECE());
    pieces[0]!.ended();
    clock.now = 12;
    player.enqueue(PIECE());
    expect(pieces[1]!.at).toBeCloseTo(12 + START_LEAD_SECONDS, 9);
  });

  it('says it is idle once, when the last piece queued has ended', () => {
    const { onIdle, pieces, player } = setup();
    player.enqueue(PIECE());
    player.enqueue(PIECE());
    expect(player.idle).toBe(false);
    pieces[0]!.ended();
    expect(onIdle).not.toHaveBeenCalled();
    pieces[1]!.ended();
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(player.idle).toBe(true);
    // A late duplicate end changes nothing.
    pieces[1]!.ended();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops everything queued without calling it played, and starts the next turn fresh', () => {
    const { clock, onIdle, pieces, player } = setup();
    player.enqueue(PIECE());
    player.enqueue(PIECE());
    player.stop();
    expect(pieces.every((piece) => piece.stop.mock.calls.length === 1)).toBe(true);
    pieces[0]!.ended();
    expect(onIdle).not.toHaveBeenCalled();
    expect(player.idle).toBe(true);
    clock.now = 10.01;
    player.enqueue(PIECE());
    expect(pieces[2]!.at).toBeCloseTo(10.01 + START_LEAD_SECONDS, 9);
  });

  it('ignores empty pieces', () => {
    const { pieces, player } = setup();
    player.enqueue(new Float32Array(0));
    expect(pieces).toHaveLength(0);
    expect(player.idle).toBe(true);
  });

  it('computes the start: after the queue, or the lead after now', () => {
    expect(nextStart(5, 6)).toBe(6);
    expect(nextStart(5, 5)).toBe(5 + START_LEAD_SECONDS);
    expect(nextStart(5, 0, 0.5)).toBe(5.5);
  });
});
