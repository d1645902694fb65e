/**
 * The self-hosted interviewer's call: the microphone and the interviewer's voice
 * (`interview-audio.ts`) over the interview's socket (`interview-protocol.ts`). The page sends
 * its microphone only while the interviewer listens, plays each turn as it arrives and says
 * when it has played, or stops it as soon as the candidate speaks over it (`barge-in.ts`); a
 * dropped socket is opened again with a fresh token from WebCall for up to a minute, which is
 * how long the server keeps the interview waiting. Any instance can take the interview up; one
 * that is stopping closes the socket with `moving` and the page comes back at once. A socket
 * closed as `taken over` lost the interview to a newer one (another tab): this page stops.
 */
import { apiErrorMessage, isApiError } from '@/lib/api-client';

import type { WebCallSession } from '../api/types';
import { BargeIn } from './barge-in';
import { CALL_FAILED, LOST_CONTACT } from './call-contract';
import type { CallController, CallHandlers } from './call-contract';
import { openInterviewAudio } from './interview-audio';
import type { InterviewAudio, InterviewAudioHandlers } from './interview-audio';
import { advanceInterview, initialInterview, parseServerMessage, socketUrl } from './interview-protocol';
import type { ClientMessage, InterviewEvent } from './interview-protocol';
import { pcmToFloat32 } from './pcm';

/** The part of a WebSocket this call uses (a fake one in the tests). */
export type SocketLike = {
  binaryType: BinaryType;
  readonly readyState: number;
  send: (data: string | ArrayBuffer) => void;
  close: (code?: number) => void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

export type SelfHostedOptions = {
  /** POST /Interview/WebCall again: the same call with a fresh token. */
  refresh: () => Promise<WebCallSession>;
  openAudio?: (handlers: InterviewAudioHandlers) => Promise<InterviewAudio>;
  openSocket?: (url: string) => SocketLike;
  /** The page's address, which the socket's path is on. */
  pageUrl?: string;
  now?: () => number;
};

/** The server keeps a dropped interview this long (`COME_BACK_WITHIN` in `lease.rs`). */
export const RECONNECT_WITHIN_MS = 60_000;
/** Waits before each attempt to reconnect: soon at first, then every few seconds. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 5000] as const;
/** The server's close codes (`engine.rs`): another socket took the interview over; the
 * instance is stopping and the interview goes on on another one. */
export const CLOSE_TAKEN_OVER = 4001;
export const CLOSE_MOVING = 1012;
export const TAKEN_OVER = 'This interview continued in another window or tab. Please carry on there.';

const OPEN = 1;
/** The most the page holds of what is said over the interviewer (1 s of 20 ms frames). */
const HELD_FRAMES = 50;

type Target = { url: string; token: string };

function targetOf(session: WebCallSession): Target | null {
  if (session.provider !== 'selfhosted' || !session.webCallUrl || !session.callToken) return null;
  return { url: session.webCallUrl, token: session.callToken };
}

export async function startSelfHostedCall(
  session: WebCallSession,
  handlers: CallHandlers,
  {
    refresh,
    openAudio = openInterviewAudio,
    openSocket = (url) => new WebSocket(url),
    pageUrl = window.location.href,
    now = Date.now,
  }: SelfHostedOptions,
): Promise<CallController> {
  const first = targetOf(session);
  if (!first) throw new Error(CALL_FAILED);
  handlers.onStatus('connecting');

  let interview = initialInterview;
  let socket: SocketLike | null = null;
  // Ended, failed or left: nothing more happens.
  let stopped = false;
  let opened = false;
  let droppedAt: number | null = null;
  let attempt = 0;
  let retryTimer: number | undefined;

  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const apply = (event: InterviewEvent) => {
    const { state, sendPlayed } = advanceInterview(interview, event);
    if (sendPlayed) send({ type: 'played' });
    if (state === interview) return;
    interview = state;
    handlers.onInterview?.(state);
  };

  const bargeIn = new BargeIn();
  // What the candidate said after cutting the interviewer off, until the server listens.
  let held: ArrayBuffer[] = [];
  const audio = await openAudio({
    // The microphone goes out only while the interviewer listens: the server would drop the
    // rest, and the candidate is not recorded while the interviewer talks.
    onFrame: (frame) => {
      if (interview.turn === 'listening') {
        if (socket?.readyState === OPEN) [...held.splice(0), frame].forEach((f) => socket?.send(f));
        return;
      }
      if (interview.interrupted) {
        held = [...held, frame].slice(-HELD_FRAMES);
        return;
      }
      if (!(interview.awaitingPlayback && interview.turnHasAudio)) {
        bargeIn.reset();
        held = [];
        return;
      }
      if (bargeIn.hears(frame)) {
        bargeIn.reset();
        audio.player.stop();
        apply({ type: 'interrupted' });
      }
    },
    onLevel: (level) => handlers.onLocalLevel?.(level),
    onPlayed: () => apply({ type: 'drained' }),
    onMuted: (muted) => handlers.onMicrophoneMuted?.(muted),
  });

  const stop = () => {
    // The end, then the page's unmount: release everything once.
    if (stopped) return;
    stopped = true;
    window.clearTimeout(retryTimer);
    const current = socket;
    socket = null;
    current?.close(1000);
    audio.close();
  };
  const finish = () => {
    if (stopped) return;
    stop();
    handlers.onStatus('ended');
  };
  const fail = (message: string) => {
    if (stopped) return;
    stop();
    handlers.onError(message);
  };

  const connect = (target: Target) => {
    const ws = openSocket(socketUrl(target.url, target.token, pageUrl));
    ws.binaryType = 'arraybuffer';
    socket = ws;
    const current = () => socket === ws && !stopped;
    ws.onopen = () => {
      if (!current()) return;
      opened = true;
      droppedAt = null;
      attempt = 0;
      handlers.onStatus('in-progress');
    };
    ws.onmessage = (event) => {
      if (!current()) return;
      const data: unknown = event.data;
      if (data instanceof ArrayBuffer) {
        apply({ type: 'audio' });
        if (!interview.interrupted) audio.player.enqueue(pcmToFloat32(data));
        return;
      }
      if (typeof data !== 'string') return;
      const message = parseServerMessage(data);
      if (!message) return;
      apply({ type: 'message', message });
      if (message.type === 'ended') finish();
    };
    ws.onclose = (event) => {
      if (!current()) return;
      socket = null;
      if (event.code === CLOSE_TAKEN_OVER) return fail(TAKEN_OVER);
      dropped(event.code === CLOSE_MOVING);
    };
  };

  const reconnect = async () => {
    let fresh: WebCallSession;
    try {
      fresh = await refresh();
    } catch (error) {
      if (stopped) return;
      // The interview ended while the page was away (or it missed the end): it is over.
      if (isApiError(error) && error.code === 'interview_completed') return finish();
      // Any other refusal is final (the link was disabled, the invite is gone); a network
      // failure or a busy server is worth another try.
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        return fail(apiErrorMessage(error, CALL_FAILED));
      }
      return retryLater();
    }
    if (stopped) return;
    const target = targetOf(fresh);
    if (!target) return fail(CALL_FAILED);
    connect(target);
  };

  const retryLater = (atOnce = false) => {
    const wait = atOnce ? 0 : RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    attempt += 1;
    if (now() + wait - (droppedAt ?? now()) > RECONNECT_WITHIN_MS) {
      return fail(opened ? LOST_CONTACT : CALL_FAILED);
    }
    retryTimer = window.setTimeout(() => void reconnect(), wait);
  };

  const dropped = (moving: boolean) => {
    // The server asks the step again on the new socket: what was playing is stale.
    audio.player.stop();
    apply({ type: 'dropped' });
    droppedAt ??= now();
    // A socket that never opened is still the first connection.
    if (opened) handlers.onStatus('reconnecting');
    // A server that is stopping hands the interview over: come back at once, elsewhere.
    retryLater(moving);
  };

  connect(first);

  return {
    end: () => {
      // Saying so ends the interview on the server at once (a socket that only closed would
      // be waited for, a minute, in case it comes back).
      if (socket?.readyState === OPEN) socket.send(JSON.stringify({ type: 'end' }));
      finish();
      return Promise.resolve();
    },
    dispose: stop,
    finishAnswer: () => {
      if (interview.turn === 'listening') send({ type: 'done' });
    },
  };
}
