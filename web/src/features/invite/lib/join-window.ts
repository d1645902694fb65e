/**
 * The join window of a scheduled interview (SPEC sections 4 and 9, the server's `join_phase`):
 * the link works from 5:00 before the start to 30:00 after it, both ends included.
 */

export const JOIN_OPENS_BEFORE_MS = 5 * 60_000;
export const JOIN_CLOSES_AFTER_MS = 30 * 60_000;
/** Seconds between a successful start and the redirect to the meeting link. */
export const REDIRECT_DELAY_SECONDS = 10;

/**
 * - `before`: more than 5:00 to go; the countdown shows.
 * - `joinable`: 5:00 or less to go; the join button replaces the countdown.
 * - `started`: the start has passed, up to and including 30:00 after it; join still works.
 * - `disabled`: more than 30:00 after the start; the link is disabled.
 */
export type JoinPhase = 'before' | 'joinable' | 'started' | 'disabled';

export function joinPhase(start: Date | number, now: Date | number): JoinPhase {
  const remaining = +start - +now;
  if (remaining > JOIN_OPENS_BEFORE_MS) return 'before';
  if (remaining > 0) return 'joinable';
  if (-remaining <= JOIN_CLOSES_AFTER_MS) return 'started';
  return 'disabled';
}

/**
 * Whether Join asks 'Are you sure you want to join now?' first: fewer than five minutes (and
 * not less than none) to go. From the start on, or at exactly 5:00, it starts at once.
 */
export function needsJoinConfirmation(start: Date | number, now: Date | number): boolean {
  const remaining = +start - +now;
  return remaining >= 0 && remaining < JOIN_OPENS_BEFORE_MS;
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole days, hours, minutes and seconds left (rounded down; zero once passed). */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** `mm:ss` (or `h:mm:ss` past an hour) of an elapsed duration, for the call timer. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
