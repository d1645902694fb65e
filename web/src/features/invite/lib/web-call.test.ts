import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';

import { startSimulatorCall, startVapiCall, startWebCall } from './web-call';
import type { CallStatus, VapiModule } from './web-call';

const ROOM = 'http://sim.test/web-call/c1';
const state = (status: string) => ({
  id: 'c1',
  status,
  startedAt: null,
  endedAt: null,
  endedReason: null,
  transcript: null,
  recordingUrl: null,
  startUrl: `${ROOM}/start`,
  endUrl: `${ROOM}/end`,
});

function recorder() {
  const statuses: CallStatus[] = [];
  const errors: string[] = [];
  return { statuses, errors, handlers: { onStatus: (s: CallStatus) => statuses.push(s), onError: (m: string) => errors.push(m) } };
}

describe('simulator web call', () => {
  it('joins through startUrl, polls until the call has ended and hangs up through endUrl', async () => {
    let status = 'queued';
    const { calls } = mockFetch((call) => {
      if (call.url === ROOM) return json(200, state(status));
      if (call.url === `${ROOM}/start`) return json(200, state((status = 'in-progress')));
      if (call.url === `${ROOM}/end`) return json(200, state((status = 'ended')));
      return json(404, { message: 'Web call not found.' });
    });
    const { statuses, handlers } = recorder();
    const call = await startSimulatorCall(ROOM, handlers, { pollMs: 10 });
    expect(statuses).toEqual(['connecting', 'in-progress']);
    await waitFor(() => expect(calls.filter((c) => c.url === ROOM).length).toBeGreaterThanOrEqual(3));
    expect(calls[0]?.headers.accept).toBe('application/json');
    await call.end();
    expect(statuses).toEqual(['connecting', 'in-progress', 'ended']);
    const polls = calls.filter((c) => c.url === ROOM).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No polling once ended.
    expect(calls.filter((c) => c.url === ROOM).length).toBe(polls);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${ROOM}/start`, `${ROOM}/end`]);
  });

  it('reports the end the poll sees (the interviewer hung up)', async () => {
    let polls = 0;
    mockFetch((call) => {
      if (call.url === ROOM) return json(200, state(++polls > 2 ? 'ended' : 'in-progress'));
      return json(200, state('in-progress'));
    });
    const { statuses, handlers } = recorder();
    await startSimulatorCall(ROOM, handlers, { pollMs: 10 });
    await waitFor(() => expect(statuses.at(-1)).toBe('ended'));
  });

  it('treats a 409 from startUrl as a meeting that has ended', async () => {
    mockFetch((call) => (call.url === ROOM ? json(200, state('queued')) : json(409, { message: 'Meeting has ended' })));
    const { statuses, handlers } = recorder();
    await startSimulatorCall(ROOM, handlers, { pollMs: 10 });
    expect(statuses).toEqual(['connecting', 'ended']);
  });

  it('gives up after several failed polls in a row, and not after one', async () => {
    let polls = 0;
    mockFetch((call) => {
      if (call.url === ROOM) return ++polls === 1 || polls === 3 ? json(200, state('in-progress')) : json(502, {});
      return json(200, state('in-progress'));
    });
    const { errors, handlers } = recorder();
    await startSimulatorCall(ROOM, handlers, { pollMs: 5, maxPollFailures: 3 });
    await waitFor(() => expect(errors).toEqual(['We lost contact with the interview. Please check your connection.']));
    expect(polls).toBeGreaterThanOrEqual(6);
  });

  it('stops polling when disposed', async () => {
    const { calls } = mockFetch((call) => json(200, state(call.url === ROOM ? 'in-progress' : 'in-progress')));
    const { handlers } = recorder();
    const call = await startSimulatorCall(ROOM, handlers, { pollMs: 5 });
    call.dispose();
    const count = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls.length).toBe(count);
  });

  it('refuses a simulator session without a web-call address', async () => {
    const { handlers } = recorder();
    await expect(
      startWebCall(
        {
          provider: 'simulator',
          assistantId: 'a',
          callId: null,
          webCallUrl: null,
          callToken: null,
          publicToken: null,
          assistantOverrides: null,
          conductToken: 'conduct-token',
        },
        handlers,
      ),
    ).rejects.toThrow(/could not be started/);
  });
});

describe('vapi web call', () => {
  type Listener = (...args: unknown[]) => void;

  function fakeSdk() {
    const listeners = new Map<string, Listener>();
    const start = vi.fn().mockResolvedValue({ id: 'call-1' });
    const reconnect = vi.fn().mockResolvedValue(undefined);
    const stop = vi.fn().mockResolvedValue(undefined);
    const end = vi.fn();
    const constructed: string[] = [];
    class FakeVapi {
      constructor(token: string) {
        constructed.push(token);
      }
      on(event: string, listener: Listener) {
        listeners.set(event, listener);
        return this;
      }
      removeAllListeners() {
        listeners.clear();
        return this;
      }
      start = start;
      reconnect = reconnect;
      stop = stop;
      end = end;
    }
    // The fake stands in for the SDK's class: only the members the adapter uses.
    const load = () => Promise.resolve({ default: FakeVapi } as unknown as VapiModule);
    return { listeners, start, reconnect, stop, end, constructed, load };
  }

  const serverCall = { callId: null, webCallUrl: null, callToken: null };

  it('joins the room of the call the server created, with no key and no overrides', async () => {
    const sdk = fakeSdk();
    const { statuses, handlers } = recorder();
    const call = await startVapiCall(
      {
        publicToken: null,
        assistantId: 'asst-1',
        assistantOverrides: null,
        callId: 'call-9',
        webCallUrl: 'https://vapi.daily.co/room',
        callToken: 'daily-token',
      },
      handlers,
      sdk.load,
    );
    expect(sdk.constructed).toEqual(['']);
    expect(sdk.start).not.toHaveBeenCalled();
    expect(sdk.reconnect).toHaveBeenCalledWith({
      webCallUrl: 'https://vapi.daily.co/room',
      id: 'call-9',
      transport: { callToken: 'daily-token' },
    });
    sdk.listeners.get('call-start')?.();
    await call.end();
    expect(sdk.end).toHaveBeenCalled();
    expect(statuses).toEqual(['connecting', 'in-progress', 'ended']);
  });

  it('in browser mode starts the SDK with the public token and follows call-start and call-end', async () => {
    const sdk = fakeSdk();
    const { statuses, errors, handlers } = recorder();
    const overrides = {
      metadata: { candidateName: 'Asha', interviewInviteId: 1, inviteRef: 'ref', resumeId: 2, callSeal: 'seal' },
      variableValues: { candidateName: 'Asha', jobTitle: 'Engineer', interviewMinutes: '30' },
    };
    const call = await startVapiCall(
      { ...serverCall, publicToken: 'pub-jwt', assistantId: 'asst-1', assistantOverrides: overrides },
      handlers,
      sdk.load,
    );
    expect(sdk.constructed).toEqual(['pub-jwt']);
    expect(sdk.start).toHaveBeenCalledWith('asst-1', overrides);
    sdk.listeners.get('call-start')?.();
    sdk.listeners.get('error')?.({ error: { message: 'Meeting ended due to ejection' } });
    sdk.listeners.get('call-end')?.();
    expect(statuses).toEqual(['connecting', 'in-progress', 'ended']);
    expect(errors).toEqual(['Meeting ended due to ejection']);
    await call.end();
    expect(sdk.end).toHaveBeenCalled();
    expect(statuses).toEqual(['connecting', 'in-progress', 'ended']);
  });
});
