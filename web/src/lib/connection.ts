/**
 * Whether the server answers, as the API client sees it: every call that gets an answer says
 * yes, a call that gets none (the server down, the network gone) or a gateway's "no server
 * behind me" (502, 503, 504) says no. The shell shows a banner while it is no, so a failure
 * never looks like an empty page, and data still shown from the cache is marked as old.
 */
import { useSyncExternalStore } from 'react';

export type Connection = {
  reachable: boolean;
  /** When the server last answered (ms), null if it never did in this tab. */
  lastAnsweredAt: number | null;
};

const GATEWAY_DOWN = new Set([502, 503, 504]);

let state: Connection = { reachable: true, lastAnsweredAt: null };
const listeners = new Set<() => void>();

function set(next: Connection): void {
  if (next.reachable === state.reachable && next.lastAnsweredAt === state.lastAnsweredAt) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The API client's report of one call: the status it got, or null for no answer at all. */
export function reportAnswer(status: number | null, now: number = Date.now()): void {
  if (status === null || GATEWAY_DOWN.has(status)) set({ ...state, reachable: false });
  else set({ reachable: true, lastAnsweredAt: now });
}

export function connection(): Connection {
  return state;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The connection as a component sees it (re-rendered when it changes). */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, connection, connection);
}
