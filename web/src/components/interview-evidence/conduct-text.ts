/**
 * The conduct log's entries in words (server: `interviews/conduct/`). Each says what happened
 * and for how long, never what it means: the summary and these lines are for a person to weigh.
 */
import type { ConductEvent, ConductKind } from './types';

/** `41 s`, `2.5 s`, as the server's summary writes them. */
export function formatSeconds(seconds: number): string {
  return seconds >= 10 || Number.isInteger(seconds) ? `${Math.round(seconds)} s` : `${seconds.toFixed(1)} s`;
}

const WORDS: Record<ConductKind, string> = {
  tabHidden: 'Left the interview tab',
  tabVisible: 'Came back to the tab',
  windowBlur: 'The window lost focus',
  windowFocus: 'The window has focus again',
  microphoneChanged: 'The microphones changed',
  microphoneMuted: 'The microphone was muted',
  microphoneUnmuted: 'The microphone was unmuted',
  reconnecting: 'The connection dropped',
  reconnected: 'Reconnected',
  answerDelay: 'Began answering',
  longSilence: 'A silence within the answer',
};

/** "Left the interview tab for 12 s", "Began answering after 2.5 s". */
export function conductText({ kind, seconds }: Pick<ConductEvent, 'kind' | 'seconds'>): string {
  const words = WORDS[kind];
  if (seconds === null) return words;
  if (kind === 'answerDelay') return `${words} after ${formatSeconds(seconds)}`;
  if (kind === 'longSilence') return `${words} of ${formatSeconds(seconds)}`;
  return `${words} for ${formatSeconds(seconds)}`;
}

/** An entry that only ends another (the tab visible again) says nothing new: the one it ends
 * carries how long it lasted. */
const CLOSING: ReadonlySet<ConductKind> = new Set(['tabVisible', 'windowFocus', 'microphoneUnmuted', 'reconnected']);

/** The entries the timeline shows, in the server's time order. */
export function timelineEntries(events: readonly ConductEvent[]): ConductEvent[] {
  return events.filter((event) => !CLOSING.has(event.kind));
}
