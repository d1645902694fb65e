import { describe, expect, it } from 'vitest';

import { clearSession, getFullName, getToken, hasValidSession, saveLoginSession, saveRefreshedTokens } from '@/lib/session';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('session storage', () => {
  it('stores a login under the spec keys, with fullName defaulting to N/A', () => {
    saveLoginSession({ token: 't', refreshToken: 'r', validTo: '2026-11-21T12:30:00Z', fullName: null });
    expect(localStorage.getItem('token')).toBe('t');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(localStorage.getItem('tokenExpiry')).toBe('2026-11-21T12:30:00Z');
    expect(localStorage.getItem('fullName')).toBe('N/A');
  });

  it('stores a refresh answer: accessToken as token, rotated refresh token, new expiry', () => {
    saveLoginSession({ token: 't1', refreshToken: 'r1', validTo: '2026-11-21T12:30:00Z', fullName: 'Admin User' });
    saveRefreshedTokens({ accessToken: 't2', refreshToken: 'r2', validTo: '2026-11-21T13:00:00Z' });
    expect(getToken()).toBe('t2');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    expect(localStorage.getItem('tokenExpiry')).toBe('2026-11-21T13:00:00Z');
    expect(getFullName()).toBe('Admin User');
  });

  it('clears token (both stores), refresh token, expiry and name', () => {
    saveLoginSession({ token: 't', refreshToken: 'r', validTo: '2026-11-21T12:30:00Z', fullName: 'A B' });
    sessionStorage.setItem('token', 't');
    localStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(getToken()).toBeNull();
    expect(getFullName()).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('tokenExpiry')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  describe('hasValidSession', () => {
    it.each([
      ['token in localStorage, expiry ahead', { local: 't', expiry: '2026-11-21T12:00:01Z' }, true],
      ['token in sessionStorage only, expiry ahead', { session: 't', expiry: '2026-11-21T13:00:00Z' }, true],
      ['expiry reached', { local: 't', expiry: '2026-11-21T12:00:00Z' }, false],
      ['expiry passed', { local: 't', expiry: '2026-11-21T11:00:00Z' }, false],
      ['no expiry', { local: 't' }, false],
      ['unparsable expiry', { local: 't', expiry: 'soon' }, false],
      ['no token', { expiry: '2026-11-21T13:00:00Z' }, false],
    ])('%s → %s', (_name, { local, session, expiry }: { local?: string; session?: string; expiry?: string }, expected) => {
      if (local) localStorage.setItem('token', local);
      if (session) sessionStorage.setItem('token', session);
      if (expiry) localStorage.setItem('tokenExpiry', expiry);
      expect(hasValidSession(NOW)).toBe(expected);
    });
  });
});
