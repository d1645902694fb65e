import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import type { WebCallSession } from '../api/types';
import { FakeSocket, selfHostedSession } from '../testing/fake-socket';
import { CALL_FAILED, LOST_CONTACT } from './call-contract';
import type { CallHandlers } from './call-contract';
import { BARGE_IN_FRAMES } from './barge-in';
import type { InterviewAudioHandlers } from './interview-audio';
import { PcmPlayer } from './pcm-player';
import { CLOSE_MOVING, CLOSE_TAKEN_OVER, RECONNECT_WITHIN_MS, TAKEN_OVER, startSelfHostedCall } from './selfhosted-call';

const session = (token: string): WebCallSession => selfHostedSession('/api/Interview/Voice/inv-1', token);

/** 100 ms of the interviewer's voice as the server sends it. */
const voice = () => new ArrayBuffer(3200);
const frame = () => new ArrayBuffer(640);
/** 20 ms of the candidate speaking up. */
const loud = () => new Int16Array(320).fill(6000).buffer;

function setup({ refresh = vi.fn(() => Promise.resolve(session('tok-2'))) }: { refresh?: () => Promise<WebCallSession> } = {}) {
  const sockets: FakeSocket[] = [];
  const pieces: Array<() => void> = [];
  const audio = { handlers: null as InterviewAudioHandlers | null, close: vi.fn(), player: null as PcmPlayer | null };
  const handlers = {
    onStatus: vi.fn<CallHandlers['onStatus']>(),
    onError: vi.fn<CallHandlers['onError']>(),
    onLocalLevel: vi.fn<NonNullable<CallHandlers['onLocalLevel']>>(),
    onInterview: vi.fn<NonNullable<CallHandlers['onInterview']>>(),
  };
  const start = () =>
    startSelfHostedCall(session('tok-1'), handlers, {
      refresh,
      pageUrl: 'http://127.0.0.1:8080/interview/join/inv-1',
      openSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      openAudio: (h) => {
        audio.handlers = h;
        // The real scheduler on a still clock; each piece "plays" when the test ends it.
        audio.player = new PcmPlayer(
          () => 0,
          (_samples, _at, onEnded) => {
            pieces.push(onEnded);
            return { stop: () => undefined };
          },
          h.onPlayed,
        );
        return Promise.resolve({ player: audio.player, close: audio.close });
      },
    });
  const playAll = () => pieces.splice(0).forEach((ended) => ended());
  const micFrame = () => audio.handlers!.onFrame(frame());
  const last = () => sockets[sockets.length - 1]!;
  const statuses = () => handlers.onStatus.mock.calls.map(([status]) => status);
  return { sockets, last, handlers, audio, refresh, start, playAll, micFrame, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the self-hosted interview call', () => {
  it('opens the socket with the token, plays each turn and says when it has played', async () => {
    const t = setup();
    await t.start();
    expect(t.last().url).toBe('ws://127.0.0.1:8080/api/Interview/Voice/inv-1?token=tok-1');
    expect(t.last().binaryType).toBe('arraybuffer');
    expect(t.statuses()).toEqual(['connecting']);
    t.last().open();
    expect(t.statuses()).toEqual(['connecting', 'in-progress']);

    t.last().say({ type: 'state', state: 'speaking' });
    t.last().say({ type: 'caption', text: 'Hello Jane, are you ready?', step: 1, steps: 4 });
    t.last().receive(voice());
    t.last().receive(voice());
    expect(t.last().texts()).toEqual([]);
    t.playAll();
    expect(t.last().texts()).toEqual(['played']);
    expect(t.handlers.onInterview).toHaveBeenLastCalledWith(
      expect.objectContaining({ turn: 'speaking', caption: 'Hello Jane, are you ready?', step: 1, steps: 4 }),
    );
  });

  it('sends the microphone only while the interviewer listens, and "done" only then', async () => {
    const t = setup();
    const call = await t.start();
    t.last().open();
    t.micFrame();
    t.last().say({ type: 'state', state: 'speaking' });
    t.micFrame();
    call.finishAnswer!();
    expect(t.last().frames()).toBe(0);
    expect(t.last().texts()).toEqual([]);

    t.last().say({ type: 'state', state: 'listening' });
    t.micFrame();
    t.micFrame();
    call.finishAnswer!();
    expect(t.last().frames()).toBe(2);
    expect(t.last().texts()).toEqual(['done']);

    t.last().say({ type: 'state', state: 'thinking' });
    t.micFrame();
    expect(t.last().frames()).toBe(2);
  });

  it('stops the interviewer when the candidate speaks over it, and hands the turn over', async () => {
    const t = setup();
    await t.start();
    t.last().open();
    const stop = vi.spyOn(t.audio.player!, 'stop');
    t.last().say({ type: 'state', state: 'speaking' });
    t.last().receive(voice());
    t.last().receive(voice());
    // A quiet room does not interrupt; four frames (80 ms) of speech do.
    t.audio.handlers!.onFrame(new ArrayBuffer(640));
    for (let i = 0; i < BARGE_IN_FRAMES - 1; i++) t.audio.handlers!.onFrame(loud());
    expect(stop).not.toHaveBeenCalled();
    expect(t.last().texts()).toEqual([]);
    t.audio.handlers!.onFrame(loud());
    expect(stop).toHaveBeenCalledTimes(1);
    expect(t.last().texts()).toEqual(['played']);
    // The rest of the turn is not played; what the candidate says is held for the answer.
    t.last().receive(voice());
    expect(t.audio.player!.idle).toBe(true);
    t.audio.handlers!.onFrame(loud());
    t.audio.handlers!.onFrame(loud());
    expect(t.last().frames()).toBe(0);
    t.last().say({ type: 'state', state: 'listening' });
    t.audio.handlers!.onFrame(loud());
    expect(t.last().frames()).toBe(3);
    expect(t.last().texts()).toEqual(['played']);
  });

  it('passes the microphone level on', async () => {
    const t = setup();
    await t.start();
    t.audio.handlers!.onLevel(0.4);
    expect(t.handlers.onLocalLevel).toHaveBeenCalledWith(0.4);
  });

  it('ends with the server: the thank-you follows, the microphone and socket are released', async () => {
    const t = setup();
    const call = await t.start();
    t.last().open();
    t.last().say({ type: 'ended' });
    expect(t.statuses()).toEqual(['connecting', 'in-progress', 'ended']);
    expect(t.audio.close).toHaveBeenCalledTimes(1);
    expect(t.last().closedWith).toBe(1000);
    // The page then unmounts: nothing is released twice.
    call.dispose();
    expect(t.audio.close).toHaveBeenCalledTimes(1);
    // The server's close after `ended` is no drop.
    t.last().drop();
    vi.advanceTimersByTime(5000);
    expect(t.refresh).not.toHaveBeenCalled();
  });

  it('reconnects a dropped socket with a fresh token and carries on', async () => {
    const t = setup();
    await t.start();
    t.last().open();
    t.last().say({ type: 'state', state: 'speaking' });
    t.last().receive(voice());
    t.last().drop();
    expect(t.statuses()).toEqual(['connecting', 'in-progress', 'reconnecting']);
    expect(t.handlers.onInterview).toHaveBeenLastCalledWith(expect.objectContaining({ turn: null }));
    expect(t.audio.player!.idle).toBe(true);

    await vi.advanceTimersByTimeAsync(500);
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(t.sockets).toHaveLength(2);
    expect(t.last().url).toContain('token=tok-2');
    t.last().open();
    expect(t.statuses()).toEqual(['connecting', 'in-progress', 'reconnecting', 'in-progress']);
    // The step is asked again on the new socket, and its `played` goes there.
    t.last().say({ type: 'state', state: 'speaking' });
    t.last().receive(voice());
    t.playAll();
    expect(t.sockets[0]!.texts()).toEqual([]);
    expect(t.last().texts()).toEqual(['played']);
  });

  it('comes back at once when the server hands the interview over as it stops', async () => {
    const t = setup();
    await t.start();
    t.last().open();
    t.last().drop(CLOSE_MOVING);
    expect(t.statuses().at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(t.sockets).toHaveLength(2);
    t.last().open();
    expect(t.statuses().at(-1)).toBe('in-progress');
  });

  it('stops, and says why, when another tab took the interview over', async () => {
    const t = setup();
    await t.start();
    t.last().open();
    t.last().drop(CLOSE_TAKEN_OVER);
    expect(t.handlers.onError).toHaveBeenCalledWith(TAKEN_OVER);
    expect(t.audio.close).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.refresh).not.toHaveBeenCalled();
  });

  it('keeps trying while the network is down, and gives up after a minute', async () => {
    const t = setup({ refresh: vi.fn(() => Promise.reject(new ApiError({ status: 0, body: null, message: 'Failed to fetch' }))) });
    await t.start();
    t.last().open();
    t.last().drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_WITHIN_MS - 6000);
    const tries = vi.mocked(t.refresh).mock.calls.length;
    expect(tries).toBeGreaterThan(10);
    expect(t.handlers.onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.handlers.onError).toHaveBeenCalledWith(LOST_CONTACT);
    expect(t.audio.close).toHaveBeenCalled();
    const after = vi.mocked(t.refresh).mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(vi.mocked(t.refresh).mock.calls.length).toBe(after);
  });

  it('retries a socket that closes before it opens, then says the interview could not start', async () => {
    const t = setup();
    await t.start();
    t.last().drop();
    // Never connected: still "connecting", not "reconnecting".
    expect(t.statuses()).toEqual(['connecting']);
    for (let i = 0; i < 20 && !t.handlers.onError.mock.calls.length; i++) {
      await vi.advanceTimersByTimeAsync(5000);
      t.last().drop();
    }
    expect(t.handlers.onError).toHaveBeenCalledWith(CALL_FAILED);
  });

  it('takes a completed interview for the end when the page missed it', async () => {
    const t = setup({
      refresh: vi.fn(() =>
        Promise.reject(
          new ApiError({ status: 409, body: { code: 'interview_completed', message: 'The interview is already completed.' } }),
        ),
      ),
    });
    await t.start();
    t.last().open();
    t.last().drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(t.statuses().at(-1)).toBe('ended');
    expect(t.handlers.onError).not.toHaveBeenCalled();
  });

  it('stops at a refusal and says why (the link was disabled)', async () => {
    const t = setup({
      refresh: vi.fn(() =>
        Promise.reject(new ApiError({ status: 409, body: { code: 'link_disabled', message: 'The meeting link has been disabled.' } })),
      ),
    });
    await t.start();
    t.last().open();
    t.last().drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(t.handlers.onError).toHaveBeenCalledWith('The meeting link has been disabled.');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.refresh).toHaveBeenCalledTimes(1);
  });

  it('hangs up on End: the server is told, the socket closes and no reconnect follows', async () => {
    const t = setup();
    const call = await t.start();
    t.last().open();
    await call.end();
    expect(t.last().texts().at(-1)).toBe('end');
    expect(t.statuses().at(-1)).toBe('ended');
    expect(t.last().closedWith).toBe(1000);
    expect(t.audio.close).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.sockets).toHaveLength(1);
  });

  it('refuses a session without a socket or token', async () => {
    const t = setup();
    await expect(
      startSelfHostedCall({ ...session('x'), callToken: null }, t.handlers, {
        refresh: t.refresh,
        openAudio: () => Promise.reject(new Error('no')),
      }),
    ).rejects.toThrow(CALL_FAILED);
  });

  it('passes on a microphone that cannot be opened', async () => {
    const t = setup();
    await expect(
      startSelfHostedCall(session('tok-1'), t.handlers, {
        refresh: t.refresh,
        openAudio: () => Promise.reject(new Error('Microphone access was blocked.')),
      }),
    ).rejects.toThrow('Microphone access was blocked.');
  });
});
