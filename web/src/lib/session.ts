/**
 * The stored client session (SPEC section 3): `token`, `refreshToken`,
 * `tokenExpiry` and `fullName` in localStorage; the token may also live in
 * sessionStorage. Every read and write of these keys goes through here.
 */

export const SESSION_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  tokenExpiry: 'tokenExpiry',
  fullName: 'fullName',
} as const;

export const DEFAULT_FULL_NAME = 'N/A';

export type LoginSession = {
  token: string;
  refreshToken?: string | null;
  validTo?: string | null;
  fullName?: string | null;
};

export type RefreshedTokens = {
  accessToken: string;
  refreshToken?: string | null;
  validTo?: string | null;
};

// Storage can throw (disabled cookies, private mode quotas): treat that as empty.
function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    console.error('Could not write session storage', error);
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to remove from a storage we cannot reach.
  }
}

/** The bearer token: localStorage first, then sessionStorage. */
export function getToken(): string | null {
  return read(localStorage, SESSION_KEYS.token) ?? read(sessionStorage, SESSION_KEYS.token);
}

export function getRefreshToken(): string | null {
  return read(localStorage, SESSION_KEYS.refreshToken);
}

export function getTokenExpiry(): string | null {
  return read(localStorage, SESSION_KEYS.tokenExpiry);
}

/** The stored full name, or null when none is stored (which means signed out). */
export function getFullName(): string | null {
  return read(localStorage, SESSION_KEYS.fullName);
}

export function setFullName(fullName: string): void {
  write(localStorage, SESSION_KEYS.fullName, fullName.trim() || DEFAULT_FULL_NAME);
}

/** True when a token exists and `tokenExpiry` parses to an instant after `now`. */
export function hasValidSession(now: number = Date.now()): boolean {
  if (!getToken()) return false;
  const expiry = getTokenExpiry();
  if (!expiry) return false;
  const expiresAt = Date.parse(expiry);
  return Number.isFinite(expiresAt) && expiresAt > now;
}

/** Stores what a successful OTP verification returned. */
export function saveLoginSession({ token, refreshToken, validTo, fullName }: LoginSession): void {
  write(localStorage, SESSION_KEYS.token, token);
  if (refreshToken) write(localStorage, SESSION_KEYS.refreshToken, refreshToken);
  else remove(localStorage, SESSION_KEYS.refreshToken);
  if (validTo) write(localStorage, SESSION_KEYS.tokenExpiry, validTo);
  else remove(localStorage, SESSION_KEYS.tokenExpiry);
  write(localStorage, SESSION_KEYS.fullName, fullName?.trim() || DEFAULT_FULL_NAME);
}

/** Stores a refresh answer: the new access token, rotated refresh token and expiry. */
export function saveRefreshedTokens({ accessToken, refreshToken, validTo }: RefreshedTokens): void {
  write(localStorage, SESSION_KEYS.token, accessToken);
  // Keep a session-scoped copy in step so both stores never disagree.
  if (read(sessionStorage, SESSION_KEYS.token) !== null) {
    write(sessionStorage, SESSION_KEYS.token, accessToken);
  }
  if (refreshToken) write(localStorage, SESSION_KEYS.refreshToken, refreshToken);
  if (validTo) write(localStorage, SESSION_KEYS.tokenExpiry, validTo);
}

/** Signs out locally: clears the token (both stores), refresh token, expiry and name. */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) {
    remove(localStorage, key);
    remove(sessionStorage, key);
  }
}
