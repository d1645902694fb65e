/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

import type { ApiAnswer, ApiMethod, ApiPath, MethodsOf } from '@/lib/api/types';

/** `GET /Drive/JDFolders`: a method and a path template the server has. */
export type ApiRoute = { [P in ApiPath]: { [M in MethodsOf<P>]: `${Uppercase<M>} ${P}` }[MethodsOf<P>] }[ApiPath];

export type RecordedCall = {
  /** As sent, without the page's origin: `/api/Drive/ViewJDResumes?jdId=7`. */
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** The OpenAPI path template the URL matched: `/Interview/NextStep/{inviteId}`; null outside `/api`. */
  path: ApiPath | null;
  /** `GET /Interview/NextStep/{inviteId}`; null outside `/api` (the voice simulator's endpoints). */
  route: ApiRoute | null;
  query: URLSearchParams;
};

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/** Any answer; prefer `ok` for a success, whose body is checked against the route's schema. */
export const json = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });

type RouteAnswer<R extends ApiRoute> = R extends `${infer M} ${infer P}`
  ? P extends ApiPath
    ? Lowercase<M> extends MethodsOf<P>
      ? ApiAnswer<P, Lowercase<M>>
      : never
    : never
  : never;

/** A 200 of `route` with a body of the type the API documents for it. */
export function ok<R extends ApiRoute>(_route: R, body: RouteAnswer<R>, headers?: Record<string, string>): Reply {
  return { status: 200, body, headers };
}

type Template = { path: ApiPath; pattern: RegExp; methods: Set<string> };

/** The path templates of the committed OpenAPI document, the server's routes. */
const templates: Template[] = (() => {
  // Vitest runs in web/ (jsdom gives import.meta.url no file: scheme).
  const document = JSON.parse(readFileSync(join(process.cwd(), 'src/lib/api/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const methods: ApiMethod[] = ['get', 'put', 'post', 'delete', 'patch'];
  return Object.entries(document.paths).map(([path, item]) => ({
    path: path as ApiPath,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    methods: new Set(methods.filter((method) => method in item).map((method) => method.toUpperCase())),
  }));
})();

/** Calls to routes the server does not have; `setup.ts` fails the test that made one. */
export const unknownRoutes: string[] = [];

function routeOf(method: string, pathname: string): { path: ApiPath | null; route: ApiRoute | null } | null {
  if (!pathname.startsWith('/api/')) return { path: null, route: null };
  const apiPath = decodeURIComponent(pathname.replace(/^\/api(?=\/)/, ''));
  const template = templates.find((candidate) => candidate.pattern.test(apiPath) && candidate.methods.has(method));
  return template ? { path: template.path, route: `${method} ${template.path}` as ApiRoute } : null;
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Replaces global fetch (the network edge) with a handler; records every call. A call under
 * `/api` to a route the OpenAPI document lacks answers 404 and fails the test. The handler answers
 * `{ status, body }`; bodies are sent as JSON.
 */
export function mockFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), window.location.origin), init);
    const url = new URL(request.url);
    const matched = url.origin === window.location.origin ? routeOf(request.method, url.pathname) : { path: null, route: null };
    if (!matched) {
      unknownRoutes.push(`${request.method} ${url.pathname}`);
      return new Response(null, { status: 404 });
    }
    const call: RecordedCall = {
      url: url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href,
      method: request.method,
      headers: Object.fromEntries(request.headers.entries()),
      body: await readBody(request),
      ...matched,
      query: url.searchParams,
    };
    calls.push(call);
    const reply = await handler(call);
    const payload = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(payload, {
      status: reply.status,
      headers: { ...(payload === null ? {} : { 'Content-Type': 'application/json' }), ...reply.headers },
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
