import { useCallback, useEffect, useReducer, useRef } from 'react';

import { isApiError } from '@/lib/api-client';

import { createWebCall } from '../api/web-call';
import { CALL_FAILED, startWebCall } from '../lib/web-call';
import type { CallController, CallStatus } from '../lib/web-call';

/** The join page's call: idle, asking the server, then the provider's states. */
export type CallPhase = 'idle' | 'requesting' | CallStatus | 'failed';

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
};

type Action =
  | { type: 'request' }
  | { type: 'status'; status: CallStatus; at: number }
  | { type: 'fail'; message: string }
  | { type: 'ending'; value: boolean }
  | { type: 'endFailed'; message: string }
  | { type: 'level'; level: number };

const initial: State = { phase: 'idle', error: null, startedAt: null, endedAt: null, ending: false, localLevel: 0, hasLevel: false };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'request':
      return { ...initial, phase: 'requesting' };
    case 'status':
      if (state.phase === 'ended' || state.phase === 'failed') return state;
      return {
        ...state,
        phase: action.status,
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

/** Starts the candidate's web call (POST /Interview/WebCall, then the provider) and follows it. */
export function useWebCall(inviteId: string) {
  const [state, dispatch] = useReducer(reducer, initial);
  const controller = useRef<CallController | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.dispose();
      controller.current = null;
    };
  }, []);

  const join = useCallback(async () => {
    dispatch({ type: 'request' });
    try {
      const session = await createWebCall(inviteId);
      if (!mounted.current) return;
      const call = await startWebCall(session, {
        onStatus: (status) => dispatch({ type: 'status', status, at: Date.now() }),
        onError: (message) => dispatch({ type: 'fail', message }),
        onLocalLevel: (level) => dispatch({ type: 'level', level }),
      });
      if (!mounted.current) call.dispose();
      else controller.current = call;
    } catch (error) {
      if (mounted.current) dispatch({ type: 'fail', message: messageOf(error) });
    }
  }, [inviteId]);

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

  return { ...state, join, end };
}
