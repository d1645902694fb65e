import type { ApiScope, ApiToken } from '../api/types';

/** Every scope, in the order the form offers them, with what it lets an integration do. */
export const SCOPES: { scope: ApiScope; label: string }[] = [
  { scope: 'candidates:read', label: 'Read candidates, their analyses, the board and the activity log' },
  { scope: 'jobs:read', label: 'Read job descriptions and their folders' },
  { scope: 'stages:write', label: 'Move candidates between hiring stages' },
  { scope: 'interviews:read', label: 'Read interviews, calls and their analyses' },
  { scope: 'reports:read', label: 'Read reports: the funnel and the fairness audit' },
];

/** How long a new token lasts; `null` days: until revoked. */
export const EXPIRIES: { value: string; label: string; days: number | null }[] = [
  { value: 'never', label: 'No expiry (until revoked)', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
];

/** The instant a token made `now` with the expiry `value` stops working, if it does. */
export function expiryInstant(value: string, now: number = Date.now()): string | null {
  const days = EXPIRIES.find((expiry) => expiry.value === value)?.days ?? null;
  return days === null ? null : new Date(now + days * 86_400_000).toISOString();
}

export type TokenState = 'active' | 'expired' | 'revoked';

/** Whether a token still works, as of `now`. */
export function tokenState(token: ApiToken, now: number = Date.now()): TokenState {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'expired';
  return 'active';
}
