import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, api, apiErrorMessage, apiUrl, data, formData, page, setSessionExpiredHandler } from '@/lib/api-client';
import { json, mockFetch, ok, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';

const REFRESH_URL = '/api/auth/refresh-token';
const NEW_EXPIRY = '2099-01-01T00:00:00Z';

const bearer = (call: RecordedCall) => call.headers.authorization;
const callsTo = (calls: RecordedCall[], url: string) => calls.filter((call) => call.url === url);

/** A server that accepts only `access-2`, and refreshes `refresh-1` into it. */
function serverWithRotation({ refreshStatus = 200 }: { refreshStatus?: number } = {}) {
  return mockFetch((call) => {
    if (call.url === REFRESH_URL) {
      if (refreshStatus !== 200) return json(refreshStatus, { message: 'Invalid refresh token', code: 'unauthorized' });
      return json(200, { accessToken: 'access-2', refreshToken: 'refresh-2', validTo: NEW_EXPIRY });
    }
    if (bearer(call) === 'Bearer access-2') return json(200, { ok: true, url: call.url });
    return json(401, { message: 'Unauthorized', code: 'unauthorized' });
  });
}

describe('api client', () => {
  let onExpired: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    onExpired = vi.fn<() => void>();
    setSessionExpiredHandler(onExpired);
  });

  afterEach(() => {
    setSessionExpiredHandler(() => undefined);
  });

  it('builds /api URLs with encoded path and query parameters and skips empty ones', () => {
    expect(apiUrl('post', '/auth/requestotp', { query: { email: 'a+b@example.com', retry: false } })).toBe(
      '/api/auth/requestotp?email=a%2Bb%40example.com&retry=false',
    );
    expect(apiUrl('get', '/Application/{token}/Data', { path: { token: 'a/b c' } })).toBe('/api/Application/a%2Fb%20c/Data');
  });

  it('sends the bearer token from localStorage, path and query parameters, and JSON bodies', async () => {
    seedSession({ token: 'access-1' });
    const { calls } = mockFetch(() => ok('PUT /Team/{id}/Role', []));
    await expect(data(api.PUT('/Team/{id}/Role', { params: { path: { id: '7' } }, body: { role: 'admin' } }))).resolves.toEqual([]);
    expect(calls[0]!.url).toBe('/api/Team/7/Role');
    expect(bearer(calls[0]!)).toBe('Bearer access-1');
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ role: 'admin' });
  });

  it('sends a multipart form with the file under its field name', async () => {
    seedSession();
    const { calls } = mockFetch(() =>
      ok('POST /Drive/UploadCandidatesCsv', { success: true, message: 'ok', imported: 1, updated: 0, errors: [] }),
    );
    const csvFile = new File(['name,email\nA,a@b.co\n'], 'people.csv', { type: 'text/csv' });
    await data(
      api.POST('/Drive/UploadCandidatesCsv', { params: { query: { jobDescId: '7' } }, body: { csvFile }, bodySerializer: formData }),
    );
    expect(calls[0]!.url).toBe('/api/Drive/UploadCandidatesCsv?jobDescId=7');
    expect(calls[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The multipart text as sent (Node's Request, which carries it here, names a jsdom File `blob`).
    expect(calls[0]!.body).toMatch(/name="csvFile"; filename="[^"]+"\r\nContent-Type: [^\r]+\r\n\r\nname,email\nA,a@b.co\n\r\n/);
  });

  it('reads a page and its X-Total-Count', async () => {
    seedSession();
    mockFetch(() => json(200, [], { 'X-Total-Count': '42' }));
    await expect(page(api.GET('/Drive/ViewJDResumes', { params: { query: { jdId: '7', page: 5, pageSize: 10 } } }))).resolves.toEqual({
      items: [],
      total: 42,
    });
  });

  it('falls back to the token in sessionStorage', async () => {
    sessionStorage.setItem('token', 'session-token');
    const { calls } = mockFetch(() => json(200, {}));
    await data(api.GET('/auth/me'));
    expect(bearer(calls[0]!)).toBe('Bearer session-token');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch(() => json(200, { success: true }));
    await data(api.POST('/auth/requestotp', { params: { query: { email: 'a@b.co', retry: false } } }));
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('on a 401 refreshes once, stores the new tokens and retries once', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    const { calls } = serverWithRotation();

    await expect(data(api.GET('/auth/me'))).resolves.toEqual({ ok: true, url: '/api/auth/me' });

    expect(calls.map((call) => `${call.method} ${call.url} ${bearer(call) ?? '-'}`)).toEqual([
      'GET /api/auth/me Bearer access-1',
      `POST ${REFRESH_URL} -`,
      'GET /api/auth/me Bearer access-2',
    ]);
    expect(callsTo(calls, REFRESH_URL)[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(localStorage.getItem('tokenExpiry')).toBe(NEW_EXPIRY);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('keeps a sessionStorage copy of the token in step after a refresh', async () => {
    seedSession({ token: 'access-1' });
    sessionStorage.setItem('token', 'access-1');
    serverWithRotation();
    await data(api.GET('/auth/me'));
    expect(sessionStorage.getItem('token')).toBe('access-2');
  });

  it('shares one refresh between concurrent 401s', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    const { calls } = serverWithRotation();

    const results = await Promise.all([data(api.GET('/Drive/JDFolders')), data(api.GET('/Drive/Bin')), data(api.GET('/Team'))]);

    expect(results).toHaveLength(3);
    expect(callsTo(calls, REFRESH_URL)).toHaveLength(1);
    for (const path of ['/api/Drive/JDFolders', '/api/Drive/Bin', '/api/Team']) {
      expect(callsTo(calls, path).map(bearer)).toEqual(['Bearer access-1', 'Bearer access-2']);
    }
  });

  it('does not refresh again for a 401 that answers an already refreshed token', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const { calls } = mockFetch(async (call) => {
      if (call.url === REFRESH_URL) return json(200, { accessToken: 'access-2', refreshToken: 'refresh-2', validTo: NEW_EXPIRY });
      if (call.path === '/Drive/Bin' && bearer(call) === 'Bearer access-1') await slowGate;
      return bearer(call) === 'Bearer access-2' ? json(200, {}) : json(401, { message: 'no', code: 'unauthorized' });
    });

    const slow = data(api.GET('/Drive/Bin'));
    await data(api.GET('/Team')); // refreshes while the bin is still in flight with the old token
    releaseSlow();
    await slow;

    expect(callsTo(calls, REFRESH_URL)).toHaveLength(1);
    expect(callsTo(calls, '/api/Drive/Bin').map(bearer)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('retries only once: a second 401 clears the session and goes to /login', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    const { calls } = mockFetch((call) =>
      call.url === REFRESH_URL
        ? json(200, { accessToken: 'access-2', refreshToken: 'refresh-2', validTo: NEW_EXPIRY })
        : json(401, { message: 'Unauthorized', code: 'unauthorized' }),
    );

    await expect(data(api.GET('/auth/me'))).rejects.toMatchObject({ status: 401 });
    expect(callsTo(calls, '/api/auth/me')).toHaveLength(2);
    expect(callsTo(calls, REFRESH_URL)).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('when the refresh fails, clears storage and goes to /login', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1', fullName: 'Admin User' });
    sessionStorage.setItem('token', 'access-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = serverWithRotation({ refreshStatus: 401 });

    const error: unknown = await data(api.GET('/auth/me')).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(callsTo(calls, '/api/auth/me')).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    for (const key of ['token', 'refreshToken', 'tokenExpiry', 'fullName']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it("with no refresh token logs 'Error No refresh token available', clears storage and goes to /login", async () => {
    seedSession({ token: 'access-1', refreshToken: null });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = serverWithRotation();

    await expect(data(api.GET('/auth/me'))).rejects.toMatchObject({ status: 401 });

    expect(logged).toHaveBeenCalledWith('Error No refresh token available');
    expect(callsTo(calls, REFRESH_URL)).toHaveLength(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('fullName')).toBeNull();
  });

  it('never refreshes for the OTP verification call', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    const { calls } = mockFetch(() => json(401, { message: 'Unauthorized', code: 'unauthorized' }));

    await expect(data(api.POST('/auth/verifyotp', { body: { email: 'a@b.co', otpCode: '123456' } }))).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('access-1');
  });

  it('rejects other statuses to the caller with the server error body', async () => {
    seedSession();
    const { calls } = mockFetch(() =>
      json(400, { message: 'Invalid OTP. Please check otp and try again.', code: 'invalid_otp', attemptsRemaining: 3 }),
    );

    const error = await data(api.POST('/auth/verifyotp', { body: { email: 'a@b.co', otpCode: '000000' } })).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_otp',
      message: 'Invalid OTP. Please check otp and try again.',
      body: { attemptsRemaining: 3 },
    });
    expect(calls).toHaveLength(1);
  });

  it.each([403, 404, 429, 500])('does not refresh or retry on %i', async (status) => {
    seedSession();
    const { calls } = mockFetch(() => json(status, { message: 'nope', code: 'x' }));
    await expect(data(api.GET('/Drive/JDFolders'))).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(data(api.GET('/Drive/JDFolders'))).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('resolves empty bodies to undefined', async () => {
    mockFetch(() => json(204));
    await expect(data(api.POST('/auth/logout'))).resolves.toBeUndefined();
  });
});

describe('api client across tabs', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
    setSessionExpiredHandler(() => undefined);
  });

  it('skips its own refresh when another tab refreshed while it waited for the lock', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    // A lock manager whose lock another tab holds; that tab refreshes, then lets go.
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (_name: string, callback: () => Promise<boolean>) => {
          localStorage.setItem('token', 'access-from-other-tab');
          localStorage.setItem('refreshToken', 'refresh-from-other-tab');
          localStorage.setItem('tokenExpiry', NEW_EXPIRY);
          return callback();
        },
      },
    });
    const { calls } = mockFetch((call) =>
      bearer(call) === 'Bearer access-from-other-tab' ? json(200, { ok: true }) : json(401, { message: 'no', code: 'unauthorized' }),
    );

    await expect(data(api.GET('/auth/me'))).resolves.toEqual({ ok: true });
    expect(callsTo(calls, REFRESH_URL)).toHaveLength(0);
    expect(callsTo(calls, '/api/auth/me').map(bearer)).toEqual(['Bearer access-1', 'Bearer access-from-other-tab']);
  });

  it('refreshes under the lock when no other tab did', async () => {
    seedSession({ token: 'access-1', refreshToken: 'refresh-1' });
    const request = vi.fn((_name: string, callback: () => Promise<boolean>) => callback());
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    const { calls } = serverWithRotation();

    await expect(data(api.GET('/auth/me'))).resolves.toMatchObject({ ok: true });
    expect(request).toHaveBeenCalledWith('hirelane-token-refresh', expect.any(Function));
    expect(callsTo(calls, REFRESH_URL)).toHaveLength(1);
  });
});

describe('apiErrorMessage', () => {
  it("gives the server's message, else the fallback", () => {
    const refused = new ApiError({ status: 409, body: { message: 'The last admin cannot leave.', code: 'last_admin' } });
    expect(apiErrorMessage(refused, 'Failed.')).toBe('The last admin cannot leave.');
    expect(apiErrorMessage(new ApiError({ status: 0, body: null, message: 'Failed to fetch' }), 'Failed.')).toBe('Failed.');
    expect(apiErrorMessage(new ApiError({ status: 500, body: { message: '', code: 'internal' } }), 'Failed.')).toBe('Failed.');
    expect(apiErrorMessage(new Error('boom'), 'Failed.')).toBe('Failed.');
  });
});
