/**
 * The self-hosted interview's socket, as the page sees it (server: the module documentation of
 * `voice/selfhosted/engine.rs`): the address, the server's text messages, and the page's state
 * machine over them, which also decides when to tell the server that a turn has played.
 */

export type TurnState = 'speaking' | 'listening' | 'thinking';

export type ServerMessage =
  | { type: 'state'; state: TurnState }
  | { type: 'caption'; text: string; step: number; steps: number; question?: number }
  | { type: 'heard'; text: string }
  | { type: 'ended' };

/** What the page sends as text. */
export type ClientMessage = { type: 'played' } | { type: 'done' };

const TURN_STATES: readonly string[] = ['speaking', 'listening', 'thinking'] satisfies TurnState[];

const isTurnState = (value: unknown): value is TurnState => typeof value === 'string' && TURN_STATES.includes(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A text message from the server, or null for anything this page does not know. */
export function parseServerMessage(text: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'state':
      return isTurnState(message.state) ? { type: 'state', state: message.state } : null;
    case 'caption':
      return typeof message.text === 'string' && isCount(message.step) && isCount(message.steps)
        ? {
            type: 'caption',
            text: message.text,
            step: message.step,
            steps: message.steps,
            ...(isCount(message.question) ? { question: message.question } : {}),
          }
        : null;
    case 'heard':
      return typeof message.text === 'string' ? { type: 'heard', text: message.text } : null;
    case 'ended':
      return { type: 'ended' };
    default:
      return null;
  }
}

/** `ws(s)://` + this origin + `webCallUrl` (a path), with the call's token. */
export function socketUrl(webCallUrl: string, token: string, pageUrl: string): string {
  const url = new URL(webCallUrl, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Where the interview is, in the candidate's words. The plan's first step is the greeting and
 * its last the closing (server: `voice/selfhosted/plan.rs`); every step between asks something
 * (a scripted question or a topic prompt), so those are the questions counted.
 */
export function progressText(step: number | null, steps: number | null): string | null {
  if (step === null || steps === null || step < 1 || steps < 1) return null;
  if (step === 1) return 'Introduction';
  if (step >= steps) return 'Closing';
  return `Question ${step - 1} of ${steps - 2}`;
}

export type InterviewState = {
  turn: TurnState | null;
  /** What the interviewer is saying (the current step's text). */
  caption: string | null;
  step: number | null;
  steps: number | null;
  /** The scripted question (1-based) this step asks or follows up; null for the others. */
  question: number | null;
  /** The interviewer's turn started and the server waits to hear that it has played. */
  awaitingPlayback: boolean;
  /** Audio of that turn has arrived (a turn the server could not voice has none). */
  turnHasAudio: boolean;
  /** The candidate spoke over that turn: the rest of its audio is not played. */
  interrupted: boolean;
  ended: boolean;
};

export const initialInterview: InterviewState = {
  turn: null,
  caption: null,
  step: null,
  steps: null,
  question: null,
  awaitingPlayback: false,
  turnHasAudio: false,
  interrupted: false,
  ended: false,
};

export type InterviewEvent =
  | { type: 'message'; message: ServerMessage }
  /** A piece of the interviewer's voice arrived (and was queued to play). */
  | { type: 'audio' }
  /** Everything queued has finished playing. */
  | { type: 'drained' }
  /** The candidate spoke over the interviewer and its voice was stopped (`barge-in.ts`). */
  | { type: 'interrupted' }
  /** The socket dropped: whatever was playing is stopped, and the step is asked again. */
  | { type: 'dropped' };

type Advance = { state: InterviewState; sendPlayed: boolean };

function onMessage(state: InterviewState, message: ServerMessage): InterviewState {
  switch (message.type) {
    case 'state':
      return message.state === 'speaking'
        ? { ...state, turn: 'speaking', awaitingPlayback: true, turnHasAudio: false, interrupted: false }
        : // Listening or thinking: the server is past the turn, whether or not it heard `played`.
          { ...state, turn: message.state, awaitingPlayback: false };
    case 'caption':
      return { ...state, caption: message.text, step: message.step, steps: message.steps, question: message.question ?? null };
    case 'heard':
      return state;
    case 'ended':
      return { ...state, ended: true, turn: null, awaitingPlayback: false };
  }
}

/**
 * The next state, and whether to send `played` now. The server sends a turn's audio whole,
 * right after its `speaking` state, then waits for `played` before it listens; so the turn has
 * played when the player runs dry after that turn's audio arrived.
 */
export function advanceInterview(state: InterviewState, event: InterviewEvent): Advance {
  if (state.ended) return { state, sendPlayed: false };
  switch (event.type) {
    case 'message':
      return { state: onMessage(state, event.message), sendPlayed: false };
    case 'audio':
      return { state: state.awaitingPlayback ? { ...state, turnHasAudio: true } : state, sendPlayed: false };
    case 'drained': {
      const played = state.awaitingPlayback && state.turnHasAudio;
      return { state: played ? { ...state, awaitingPlayback: false } : state, sendPlayed: played };
    }
    case 'interrupted': {
      // Cut short, the turn is over for the page: the server may listen at once.
      const playing = state.awaitingPlayback && state.turnHasAudio;
      return { state: playing ? { ...state, awaitingPlayback: false, interrupted: true } : state, sendPlayed: playing };
    }
    case 'dropped':
      return {
        state: { ...state, turn: null, awaitingPlayback: false, turnHasAudio: false, interrupted: false },
        sendPlayed: false,
      };
  }
}
