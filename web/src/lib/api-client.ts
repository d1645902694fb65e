/**
 * The one API client: openapi-fetch over the generated `paths`, so every call is checked for
 * its path, method, parameters, body and answer. The bearer token comes from storage, and
 * SPEC section 4 "Auth refresh" holds for every call: a 401 on any call other than the OTP
 * verification refreshes the session once (concurrent 401s share that one refresh) and retries
 * the call once. When the refresh fails, or there is no refresh token, the session is cleared
 * and the user is sent to /login.
 */
import createClient from 'openapi-fetch';

import { env } from '@/config/env';
import { reportAnswer } from '@/lib/connection';
import { clearSession, getRefreshToken, getToken, hasValidSession, saveRefreshedTokens } from '@/lib/session';
import type { ApiParams, ApiPath, ApiSchema, MethodsOf, paths } from './api/types';

/** Every error body of the server: `{ message, code }` plus optional extras. */
export type ApiErrorBody = ApiSchema<'ErrorBody'> & {
  attemptsRemaining?: number;
  retryAfterSeconds?: number;
};

/** A failed call: HTTP status (0 for a network failure) and the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ApiErrorBody | null;

  constructor({ status, body, message }: { status: number; body: ApiErrorBody | null; message?: string }) {
    super(body?.message ?? message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status === 0 ? 'network_error' : 'http_error');
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own words for a failed call ('Unknown variable {{salary}}: …'), else `fallback` (a network failure, a body without a message). */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.body?.message ? error.body.message : fallback;
}

export function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Paths never retried after a refresh (SPEC section 4: the OTP verification). */
// A logout with a stale token needs no refresh: the session ends with its refresh token anyway.
const NO_REFRESH_PATHS = new Set<string>(['/auth/verifyotp', '/auth/refresh-token', '/auth/logout'] satisfies ApiPath[]);

type SessionExpiredHandler = () => void;

let sessionExpiredHandler: SessionExpiredHandler = () => {
  window.location.assign('/login');
};

/** The app registers its router navigation here; the default reloads at /login. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  sessionExpiredHandler = handler;
}

function expireSession(): void {
  clearSession();
  sessionExpiredHandler();
}

let refreshInFlight: Promise<boolean> | null = null;

async function exchangeRefreshToken(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    console.error('Error No refresh token available');
    return false;
  }
  try {
    // Outside the retrying client: a refresh that fails is an answer, not a reason to refresh.
    const { data } = await bareClient.POST('/auth/refresh-token', { body: { refreshToken } });
    if (!data?.accessToken) return false;
    saveRefreshedTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken, validTo: data.validTo });
    return true;
  } catch (error) {
    // Refresh failures are only logged (SPEC section 8).
    console.error('Token refresh failed', error);
    return false;
  }
}

const REFRESH_LOCK = 'hirelane-token-refresh';

async function performRefresh(): Promise<boolean> {
  // Refresh tokens rotate and a reused one revokes the whole family, so tabs
  // take turns: whoever waited for the lock first checks whether another tab
  // already stored a fresh token.
  const tokenBefore = getToken();
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  if (!locks) return exchangeRefreshToken();
  return locks.request(REFRESH_LOCK, async () => {
    const current = getToken();
    if (current !== null && current !== tokenBefore && hasValidSession()) return true;
    return exchangeRefreshToken();
  });
}

/**
 * Exchanges the stored refresh token for a new access token. Callers at the
 * same time share one request, so a rotating refresh token is used once.
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Runs `attempt` with the stored token; on a 401 refreshes once and retries
 * once (SPEC section 4). Also used by uploads that go through XMLHttpRequest.
 */
export async function withSessionRetry<R extends { status: number }>(
  path: ApiPath,
  attempt: (token: string | null) => Promise<R>,
): Promise<R> {
  const usedToken = getToken();
  const response = await attempt(usedToken);
  if (response.status !== 401 || NO_REFRESH_PATHS.has(path)) return response;

  // Another call may already have refreshed while this one was in flight.
  const current = getToken();
  const refreshed = current !== null && current !== usedToken ? true : await refreshSession();
  if (!refreshed) {
    expireSession();
    return response;
  }
  const retried = await attempt(getToken());
  if (retried.status === 401) expireSession();
  return retried;
}

/** The API's base: absolute, because openapi-fetch builds a `Request`, which needs one outside a page. */
function apiBase(): string {
  return `${window.location.origin}${env.apiBaseUrl}`;
}

/**
 * The network edge: a failed connection becomes an `ApiError` with status 0, an abort stays an
 * abort. Each outcome tells the connection store whether the server answered.
 */
async function send(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    reportAnswer(response.status);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportAnswer(null);
    throw new ApiError({ status: 0, body: null, message: 'Network error. Please check your connection.' });
  }
}

/** Sends `request` with the bearer token, refreshing and retrying once on a 401. */
function sessionFetch(request: Request): Promise<Response> {
  // Kept unread so a retry can send the body again.
  const template = request.clone();
  const path = new URL(request.url).pathname.slice(env.apiBaseUrl.length) as ApiPath;
  let first = true;
  return withSessionRetry(path, (token) => {
    const attempt = first ? request : template.clone();
    first = false;
    if (token) attempt.headers.set('Authorization', `Bearer ${token}`);
    return send(attempt);
  });
}

const clientOptions = { headers: { Accept: 'application/json' } };

/** Without the session: the refresh exchange itself. */
const bareClient = createClient<paths>({ ...clientOptions, baseUrl: apiBase(), fetch: send });

/** Every API call: `api.GET('/Drive/GetJDByID', { params: { query: { jdId } }, signal })`. */
export const api = createClient<paths>({ ...clientOptions, baseUrl: apiBase(), fetch: sessionFetch });

/** What an `api` method resolves to: openapi-fetch's `{ data }` or `{ error }`, and the response. */
type Answer = { data?: unknown; error?: unknown; response: Response };

/** The success branch's data (the error branch's `data` is optional `never`, so it drops out). */
type DataOf<R> = R extends { data: infer D } ? D : never;

/** The JSON of a successful call, or an `ApiError` with the server's status and error body. */
export async function data<R extends Answer>(pending: Promise<R>): Promise<DataOf<R>> {
  const answer = await pending;
  if (answer.error !== undefined || !answer.response.ok) {
    const body = answer.error;
    throw new ApiError({ status: answer.response.status, body: isErrorBody(body) ? body : null });
  }
  return answer.data as DataOf<R>;
}

/** A page of a list and the `X-Total-Count` the server sent with it. */
export type Page<T> = { items: T[]; total: number };

type ItemOf<R> = DataOf<R> extends (infer Item)[] ? Item : never;

/** A paged list (`api.GET` of a list path) with the `X-Total-Count` the server sent. */
export async function page<R extends Answer>(pending: Promise<R>): Promise<Page<ItemOf<R>>> {
  const answer = await pending;
  const items = (await data(Promise.resolve(answer))) as ItemOf<R>[];
  const header = answer.response.headers.get('X-Total-Count');
  const total = Number(header);
  return { items, total: header !== null && Number.isFinite(total) ? total : items.length };
}

/**
 * openapi-fetch's `bodySerializer` for a `multipart/form-data` body: one part per field, an
 * array's items as repeated parts, a File under its own name.
 */
export function formData(body: Record<string, Blob | Blob[] | string | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(name, part);
      else if (part) form.append(name, part);
    }
  }
  return form;
}

/**
 * The same-origin address of `M P`, for what the browser sends itself: a download link, an
 * upload through XMLHttpRequest (which alone reports progress).
 */
export function apiUrl<P extends ApiPath, M extends MethodsOf<P>>(
  _method: M,
  path: P,
  params: { path?: ApiParams<P, M>['path']; query?: ApiParams<P, M>['query'] } = {},
): string {
  const values = (params.path ?? {}) as Record<string, string | number>;
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((params.query ?? {}) as Record<string, string | number | boolean | null | undefined>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return `${env.apiBaseUrl}${filled}${query ? `?${query}` : ''}`;
}
