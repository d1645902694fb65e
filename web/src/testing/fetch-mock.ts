import { vi } from 'vitest';

export type RecordedCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
export type Handler = (call: RecordedCall) => Reply;

export const json = (status: number, body?: unknown) => ({ status, body });

/**
 * Replaces global fetch (the network edge) with a handler; records every call.
 * The handler answers `{ status, body }`; bodies are sent as JSON.
 */
export function mockFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const rawBody = init?.body;
    let body: unknown = rawBody;
    if (typeof rawBody === 'string') {
      try {
        body = JSON.parse(rawBody) as unknown;
      } catch {
        body = rawBody;
      }
    }
    const call: RecordedCall = { url, method: init?.method ?? 'GET', headers, body };
    calls.push(call);
    const reply = await handler(call);
    const payload = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(payload, {
      status: reply.status,
      headers: payload === null ? {} : { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A session that is valid for another hour. */
export function seedSession({
  token = 'access-1',
  refreshToken = 'refresh-1',
  fullName = 'Admin User',
  expiresInMs = 60 * 60 * 1000,
}: { token?: string; refreshToken?: string | null; fullName?: string | null; expiresInMs?: number } = {}) {
  localStorage.setItem('token', token);
  if (refreshToken !== null) localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('tokenExpiry', new Date(Date.now() + expiresInMs).toISOString());
  if (fullName !== null) localStorage.setItem('fullName', fullName);
}
