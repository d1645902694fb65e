/**
 * The one API client. Typed JSON over fetch, bearer token from storage, and
 * SPEC section 4 "Auth refresh": a 401 on any call other than the OTP
 * verification refreshes the session once (concurrent 401s share that one
 * refresh) and retries the call once. When the refresh fails, or there is no
 * refresh token, the session is cleared and the user is sent to /login.
 */
import { env } from '@/config/env';
import { clearSession, getRefreshToken, getToken, hasValidSession, saveRefreshedTokens } from '@/lib/session';
import type { ApiSchema } from './api/types';

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

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Paths never retried after a refresh (SPEC section 4: the OTP verification). */
// A logout with a stale token needs no refresh: the session ends with its refresh token anyway.
const NO_REFRESH_PATHS = new Set(['/auth/verifyotp', '/auth/refresh-token', '/auth/logout']);
const REFRESH_PATH = '/auth/refresh-token';

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

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${env.apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const { method = 'GET', query, body, signal, headers = {} } = options;
  const init: RequestInit = { method, signal, headers: { Accept: 'application/json', ...headers } };
  const initHeaders = init.headers as Record<string, string>;
  if (token) initHeaders.Authorization = `Bearer ${token}`;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    initHeaders['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    return await fetch(buildUrl(path, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, body: null, message: 'Network error. Please check your connection.' });
  }
}

async function toResult<T>(response: Response): Promise<T> {
  const data = await readBody(response);
  if (response.ok) return data as T;
  throw new ApiError({ status: response.status, body: isErrorBody(data) ? data : null });
}

/** A page of a list and the `X-Total-Count` the server sent with it. */
export type Page<T> = { items: T[]; total: number };

async function toPage<T>(response: Response): Promise<Page<T>> {
  const items = await toResult<T[]>(response);
  const header = Number(response.headers.get('X-Total-Count'));
  const list = Array.isArray(items) ? items : [];
  return { items: list, total: Number.isFinite(header) && response.headers.has('X-Total-Count') ? header : list.length };
}

let refreshInFlight: Promise<boolean> | null = null;

async function exchangeRefreshToken(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    console.error('Error No refresh token available');
    return false;
  }
  try {
    const response = await send(REFRESH_PATH, { method: 'POST', body: { refreshToken } }, null);
    if (!response.ok) return false;
    const data = (await readBody(response)) as
      | Partial<{
          accessToken: string;
          refreshToken: string;
          validTo: string;
        }>
      | undefined;
    if (!data?.accessToken) return false;
    saveRefreshedTokens({
      accessToken: data.accessToken,
      refreshToken: data.refreshToken ?? null,
      validTo: data.validTo ?? null,
    });
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
  path: string,
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

/** Sends one API call and returns its parsed JSON body, or throws an `ApiError`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return toResult<T>(await withSessionRetry(path, (token) => send(path, options, token)));
}

/** Sends a GET for a paged list; returns the items and `X-Total-Count`. */
export async function apiRequestPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  return toPage<T>(await withSessionRetry(path, (token) => send(path, { ...options, method: 'GET' }, token)));
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  getPage: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequestPage<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
