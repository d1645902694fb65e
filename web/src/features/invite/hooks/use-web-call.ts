import { useCallback, useEffect, useReducer, useRef } from 'react';

import { isApiError } from '@/lib/api-client';

import type { WebCallSession } from '../api/types';
import { createWebCall } from '../api/web-call';
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

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.dispose();
      controller.current = null;
    };
  }, []);

  const begin = useCallback(
    async (session: WebCallSession) => {
      try {
        const call = await startWebCall(
          session,
          {
            onStatus: (status) => dispatch({ type: 'status', status, at: Date.now() }),
            onError: (message) => dispatch({ type: 'fail', message }),
            onLocalLevel: (level) => dispatch({ type: 'level', level }),
            onInterview: (interview) => dispatch({ type: 'interview', interview }),
          },
          { refresh: () => createWebCall(inviteId) },
        );
        if (!mounted.current) call.dispose();
        else controller.current = call;
      } catch (error) {
        if (mounted.current) dispatch({ type: 'fail', message: messageOf(error) });
      }
    },
    [inviteId],
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
