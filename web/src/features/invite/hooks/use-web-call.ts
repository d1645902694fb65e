import { useCallback, useEffect, useReducer, useRef } from 'react';

import { isApiError } from '@/lib/api-client';

import { reportConduct } from '../api/report-conduct';
import type { WebCallSession } from '../api/types';
import { createWebCall } from '../api/web-call';
import { startConductLog } from '../lib/conduct-log';
import type { ConductLog } from '../lib/conduct-log';
import { initialInterview } from '../lib/interview-protocol';
import type { InterviewState } from '../lib/interview-protocol';
import { CALL_FAILED, startWebCall } from '../lib/web-call';
import type { CallController, CallStatus } from '../lib/web-call';

/**
 * The join page's call: idle, asking the server, then the provider's states. A self-hosted
 * call waits in `consent` until the candidate agrees to an automated, recorded interview.
 */
export type CallPhase = 'idle' | 'requesting' | 'consent' | CallStatus | 'failed';

type State = {
  phase: CallPhase;
  error: string | null;
  /** When this page saw the call go live and end (local clock: the provider's may differ). */
  startedAt: number | null;
  endedAt: number | null;
  ending: boolean;
  /** The microphone level; only some providers report it (`hasLevel`). */
  localLevel: number;
  hasLevel: boolean;
  /** The self-hosted interviewer's turn, caption and step; null for other providers. */
  interview: InterviewState | null;
  /** The candidate pressed "I'm done" in the turn the interviewer is listening to. */
  answerFinished: boolean;
};

type Action =
  | { type: 'request'; selfHosted?: boolean }
  | { type: 'consent' }
  | { type: 'interview'; interview: InterviewState }
  | { type: 'answerFinished' }
  | { type: 'status'; status: CallStatus; at: number }
  | { type: 'fail'; message: string }
  | { type: 'ending'; value: boolean }
  | { type: 'endFailed'; message: string }
  | { type: 'level'; level: number };

const initial: State = {
  phase: 'idle',
  error: null,
  startedAt: null,
  endedAt: null,
  ending: false,
  localLevel: 0,
  hasLevel: false,
  interview: null,
  answerFinished: false,
};

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'request':
      return { ...initial, phase: 'requesting', interview: action.selfHosted ? initialInterview : null };
    case 'consent':
      return { ...initial, phase: 'consent' };
    case 'interview':
      return {
        ...state,
        interview: action.interview,
        answerFinished: state.answerFinished && action.interview.turn === state.interview?.turn,
      };
    case 'answerFinished':
      return { ...state, answerFinished: true };
    case 'status':
      if (state.phase === 'ended' || state.phase === 'failed') return state;
      return {
        ...state,
        phase: action.status,
        // A reconnected call keeps the time it first went live.
        startedAt: action.status === 'in-progress' ? (state.startedAt ?? action.at) : state.startedAt,
        endedAt: action.status === 'ended' ? action.at : null,
        ending: action.status === 'ended' ? false : state.ending,
      };
    case 'fail':
      return { ...state, phase: 'failed', error: action.message, ending: false };
    case 'ending':
      return { ...state, ending: action.value, error: null };
    case 'endFailed':
      // The call goes on; say why it did not end.
      return { ...state, ending: false, error: action.message };
    case 'level':
      return { ...state, localLevel: action.level, hasLevel: true };
  }
}

/** Errors from our API say what is wrong ('The meeting link has been disabled.'); say it. */
function messageOf(error: unknown): string {
  if (isApiError(error) && error.body?.message) return error.body.message;
  if (error instanceof Error && error.message) return error.message;
  return CALL_FAILED;
}

/**
 * Starts the candidate's web call (POST /Interview/WebCall, then the provider) and follows it.
 * A self-hosted call is prepared by `join` and started by `start`, after the consent.
 */
export function useWebCall(inviteId: string) {
  const [state, dispatch] = useReducer(reducer, initial);
  const controller = useRef<CallController | null>(null);
  const prepared = useRef<WebCallSession | null>(null);
  const mounted = useRef(true);
  // What the page sees during the call, for the recruiter's conduct log (never graded).
  const conduct = useRef<ConductLog | null>(null);
  const question = useRef<number | null>(null);
  const lastStatus = useRef<CallStatus | null>(null);

  const stopConduct = useCallback(() => {
    conduct.current?.stop();
    conduct.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.dispose();
      controller.current = null;
      stopConduct();
    };
  }, [stopConduct]);

  const onStatus = useCallback(
    (status: CallStatus) => {
      const log = conduct.current;
      if (status === 'reconnecting') log?.record('reconnecting');
      if (status === 'in-progress' && lastStatus.current === 'reconnecting') log?.record('reconnected');
      lastStatus.current = status;
      if (status === 'ended') stopConduct();
      dispatch({ type: 'status', status, at: Date.now() });
    },
    [stopConduct],
  );

  const begin = useCallback(
    async (session: WebCallSession) => {
      conduct.current ??= startConductLog({
        session,
        send: (batch) => reportConduct(inviteId, batch),
        question: () => question.current,
      });
      try {
        const call = await startWebCall(
          session,
          {
            onStatus,
            onError: (message) => {
              // A new attempt is a new call with its own log.
              stopConduct();
              dispatch({ type: 'fail', message });
            },
            onLocalLevel: (level) => dispatch({ type: 'level', level }),
            onInterview: (interview) => {
              question.current = interview.question;
              dispatch({ type: 'interview', interview });
            },
            onMicrophoneMuted: (muted) => conduct.current?.record(muted ? 'microphoneMuted' : 'microphoneUnmuted'),
          },
          { refresh: () => createWebCall(inviteId) },
        );
        if (!mounted.current) call.dispose();
        else controller.current = call;
      } catch (error) {
        stopConduct();
        if (mounted.current) dispatch({ type: 'fail', message: messageOf(error) });
      }
    },
    [inviteId, onStatus, stopConduct],
  );

  const join = useCallback(async () => {
    dispatch({ type: 'request' });
    let session: WebCallSession;
    try {
      session = await createWebCall(inviteId);
    } catch (error) {
      if (mounted.current) dispatch({ type: 'fail', message: messageOf(error) });
      return;
    }
    if (!mounted.current) return;
    if (session.provider === 'selfhosted') {
      prepared.current = session;
      dispatch({ type: 'consent' });
      return;
    }
    await begin(session);
  }, [inviteId, begin]);

  /** Starts the prepared self-hosted call (from the click: it opens the sound output). */
  const start = useCallback(async () => {
    const session = prepared.current;
    if (!session) return;
    prepared.current = null;
    dispatch({ type: 'request', selfHosted: true });
    await begin(session);
  }, [begin]);

  const end = useCallback(async () => {
    const call = controller.current;
    if (!call) return;
    dispatch({ type: 'ending', value: true });
    try {
      await call.end();
    } catch (error) {
      if (mounted.current) dispatch({ type: 'endFailed', message: messageOf(error) });
    }
  }, []);

  const finishAnswer = useCallback(() => {
    const call = controller.current;
    if (!call?.finishAnswer) return;
    call.finishAnswer();
    dispatch({ type: 'answerFinished' });
  }, []);

  return { ...state, join, start, end, finishAnswer };
}
