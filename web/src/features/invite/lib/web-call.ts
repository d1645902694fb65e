/**
 * The candidate's web call behind one small interface, whichever provider the server chose
 * (contract: POST /Interview/WebCall): the voice simulator, driven through its browser
 * endpoints, Vapi's web SDK, loaded on demand so it is its own chunk, or the self-hosted
 * interviewer's socket (`selfhosted-call.ts`).
 */
import type Vapi from '@vapi-ai/web';

import type { WebCallSession } from '../api/types';
import { CALL_FAILED, LOST_CONTACT } from './call-contract';
import type { CallController, CallHandlers, CallStatus } from './call-contract';
import { startSelfHostedCall } from './selfhosted-call';
import type { SelfHostedOptions } from './selfhosted-call';

export { CALL_FAILED };
export type { CallController, CallHandlers, CallStatus };

/** The simulator's web-call state (`GET {webCallUrl}` with `Accept: application/json`). */
type SimulatorState = {
  id: string;
  status: 'queued' | 'ringing' | 'in-progress' | 'ended';
  endedReason: string | null;
  startUrl: string;
  endUrl: string;
};

function toStatus(status: SimulatorState['status']): CallStatus {
  if (status === 'in-progress') return 'in-progress';
  if (status === 'ended') return 'ended';
  return 'connecting';
}

async function simulatorRequest(
  url: string,
  method: 'GET' | 'POST',
): Promise<{ ok: boolean; status: number; state: SimulatorState | null }> {
  // eslint-disable-next-line no-restricted-syntax -- the simulator's own endpoints (webCallUrl), not our API
  const response = await fetch(url, { method, headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as SimulatorState | null;
  return { ok: response.ok, status: response.status, state: response.ok ? body : null };
}

export type SimulatorOptions = { pollMs?: number; maxPollFailures?: number };

/**
 * Joins the simulator's web call: reads its state, posts to `startUrl`, then polls the state
 * about once a second until it has ended. A 409 from `startUrl` means the meeting has ended.
 */
export async function startSimulatorCall(
  webCallUrl: string,
  handlers: CallHandlers,
  { pollMs = 1000, maxPollFailures = 5 }: SimulatorOptions = {},
): Promise<CallController> {
  let disposed = false;
  let timer: number | undefined;
  // Read through a function: the closures below change it behind the compiler's narrowing.
  const seen: { status: CallStatus } = { status: 'connecting' };
  const hasEnded = () => seen.status === 'ended';

  const report = (status: CallStatus) => {
    if (disposed || status === seen.status) return;
    seen.status = status;
    handlers.onStatus(status);
    if (status === 'ended') window.clearTimeout(timer);
  };

  handlers.onStatus('connecting');
  const initial = await simulatorRequest(webCallUrl, 'GET');
  if (!initial.state) throw new Error(CALL_FAILED);
  const { startUrl, endUrl } = initial.state;
  if (initial.state.status === 'ended') {
    report('ended');
  } else {
    const started = await simulatorRequest(startUrl, 'POST');
    if (started.status === 409) report('ended');
    else if (!started.state) throw new Error(CALL_FAILED);
    else report(toStatus(started.state.status));
  }

  let failures = 0;
  const poll = async () => {
    if (disposed || hasEnded()) return;
    try {
      const current = await simulatorRequest(webCallUrl, 'GET');
      if (!current.state) throw new Error(`status ${current.status}`);
      failures = 0;
      report(toStatus(current.state.status));
    } catch {
      // A dropped poll is not a dropped call; give up only after several in a row.
      failures += 1;
      if (failures >= maxPollFailures && !disposed) {
        disposed = true;
        handlers.onError(LOST_CONTACT);
        return;
      }
    }
    if (!disposed && !hasEnded()) timer = window.setTimeout(() => void poll(), pollMs);
  };
  if (!hasEnded()) timer = window.setTimeout(() => void poll(), pollMs);

  return {
    end: async () => {
      const ended = await simulatorRequest(endUrl, 'POST');
      if (!ended.ok) throw new Error('The interview could not be ended. Please try again.');
      report('ended');
    },
    dispose: () => {
      disposed = true;
      window.clearTimeout(timer);
    },
  };
}

/** The SDK module as the dynamic import yields it (a type import: nothing loads up front). */
export type VapiModule = { default: typeof Vapi };

/** Reads a message from whatever Vapi's `error` event carries. */
function vapiErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const nested =
      (error as { error?: { message?: unknown }; message?: unknown }).error?.message ?? (error as { message?: unknown }).message;
    if (typeof nested === 'string' && nested) return nested;
  }
  return CALL_FAILED;
}

type VapiSession = Pick<WebCallSession, 'publicToken' | 'assistantId' | 'assistantOverrides' | 'callId' | 'webCallUrl' | 'callToken'>;

/**
 * Joins a Vapi web call. Normally the server has created the call with its private key and the
 * page only joins its room (`reconnect`, which makes no API request, so no key is needed here).
 * With `voice.web_calls = "browser"` the page starts the call itself with the server's
 * short-lived public token; the server checks afterwards that it ran as set up.
 */
export async function startVapiCall(
  session: VapiSession,
  handlers: CallHandlers,
  load: () => Promise<VapiModule> = () => import('@vapi-ai/web'),
): Promise<CallController> {
  const joinsRoom = Boolean(session.webCallUrl);
  if (!joinsRoom && !session.publicToken) throw new Error(CALL_FAILED);
  handlers.onStatus('connecting');
  const { default: Vapi } = await load();
  const vapi = new Vapi(session.publicToken ?? '');
  let disposed = false;
  let ended = false;
  const finish = () => {
    if (disposed || ended) return;
    ended = true;
    handlers.onStatus('ended');
  };
  vapi.on('call-start', () => !disposed && handlers.onStatus('in-progress'));
  vapi.on('call-end', finish);
  vapi.on('local-volume-level', (level: number) => !disposed && handlers.onLocalLevel?.(level));
  vapi.on('error', (error: unknown) => {
    if (disposed || ended) return;
    handlers.onError(vapiErrorMessage(error));
  });
  if (session.webCallUrl) {
    await vapi.reconnect({
      webCallUrl: session.webCallUrl,
      id: session.callId ?? undefined,
      ...(session.callToken ? { transport: { callToken: session.callToken } } : {}),
    });
  } else {
    // The overrides are the server's JSON for this assistant, passed through untouched.
    const call = await vapi.start(session.assistantId, session.assistantOverrides ?? undefined);
    if (!call && !disposed) throw new Error(CALL_FAILED);
  }

  return {
    end: () => {
      // `end` hangs up for good; `stop` would only leave a room that outlives its guest.
      vapi.end();
      finish();
      return Promise.resolve();
    },
    dispose: () => {
      disposed = true;
      vapi.removeAllListeners();
      if (!ended) void vapi.stop();
    },
  };
}

/**
 * Starts the call the server set up, with the provider it named; a self-hosted call also needs
 * the way to ask the server for a fresh token when its socket drops.
 */
export function startWebCall(session: WebCallSession, handlers: CallHandlers, selfHosted?: SelfHostedOptions): Promise<CallController> {
  if (session.provider === 'selfhosted') {
    return selfHosted ? startSelfHostedCall(session, handlers, selfHosted) : Promise.reject(new Error(CALL_FAILED));
  }
  if (session.provider === 'simulator') {
    if (!session.webCallUrl) return Promise.reject(new Error(CALL_FAILED));
    return startSimulatorCall(session.webCallUrl, handlers);
  }
  return startVapiCall(session, handlers);
}
