/**
 * The interview's conduct log, the page's side (server: `interviews/conduct/`): what this page
 * sees while the interview runs (the tab hidden, the window losing focus, the microphones
 * changing, the microphone muted, the connection dropping), timed on this page's clock and sent
 * in small batches to `POST /Interview/Conduct/{inviteId}` with the web call's conduct token.
 * The recruiter reads it beside the transcript; it never changes a grade. Disclosed in the
 * interview notice.
 */
import { isApiError } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type ConductBatch = ApiSchema<'ConductBatch'>;

/** What the page may report (the server works out answer delays and silences itself). */
export type PageConductKind =
  | 'tabHidden'
  | 'tabVisible'
  | 'windowBlur'
  | 'windowFocus'
  | 'microphoneChanged'
  | 'microphoneMuted'
  | 'microphoneUnmuted'
  | 'reconnecting'
  | 'reconnected';

/** The server takes at most this many events a batch. */
export const MAX_BATCH = 50;
/** An event waits this long for others before its batch goes (a tab switch is two events). */
export const FLUSH_AFTER_MS = 2000;
/** A batch that failed for the network or a busy server is tried again after this. */
export const RETRY_AFTER_MS = 5000;

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Where the events come from (the real page, or fakes in the tests). */
export type ConductSources = {
  document: Listenable & { readonly visibilityState: DocumentVisibilityState };
  window: Listenable;
  mediaDevices?: Listenable;
};

export type ConductLogOptions = {
  session: { conductToken: string; callId?: string | null };
  send: (batch: ConductBatch) => Promise<unknown>;
  /** The scripted question the page is showing, when it knows. */
  question?: () => number | null;
  now?: () => number;
  sources?: ConductSources;
  pageId?: string;
};

export type ConductLog = {
  record: (kind: PageConductKind) => void;
  /** Sends what is left and stops listening. */
  stop: () => void;
};

type Pending = ConductBatch['events'][number];

function randomPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function pageSources(): ConductSources {
  // Without media devices (an insecure origin, an old browser) there is no device change to see.
  const devices = navigator.mediaDevices as Partial<MediaDevices> | undefined;
  return { document, window, mediaDevices: typeof devices?.addEventListener === 'function' ? (devices as MediaDevices) : undefined };
}

/** Starts listening; the log sends on its own until `stop`. */
export function startConductLog({
  session,
  send,
  question = () => null,
  now = Date.now,
  sources = pageSources(),
  pageId = randomPageId(),
}: ConductLogOptions): ConductLog {
  const pending: Pending[] = [];
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  // The server refused for good (the log is full, the token expired): stop sending.
  let refused = false;
  let stopped = false;

  const schedule = (wait: number) => {
    if (timer === undefined && !refused) timer = setTimeout(() => void flush(), wait);
  };

  const flush = async () => {
    timer = undefined;
    if (sending || refused || pending.length === 0) return;
    sending = true;
    const events = pending.slice(0, MAX_BATCH);
    let failed = false;
    try {
      await send({ conductToken: session.conductToken, callId: session.callId ?? null, pageId, sentAt: now(), events });
      pending.splice(0, events.length);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        refused = true;
        pending.length = 0;
      }
      failed = true;
    } finally {
      sending = false;
    }
    // After `stop` the page is going away: what is left goes at once, and a failure is final.
    if (pending.length === 0 || (stopped && failed)) return;
    schedule(stopped ? 0 : failed ? RETRY_AFTER_MS : FLUSH_AFTER_MS);
  };

  const record = (kind: PageConductKind) => {
    if (stopped || refused) return;
    pending.push({ seq, kind, at: now(), question: question() });
    seq += 1;
    if (pending.length >= MAX_BATCH) void flush();
    else schedule(FLUSH_AFTER_MS);
  };

  const onVisibility = () => record(sources.document.visibilityState === 'hidden' ? 'tabHidden' : 'tabVisible');
  const onBlur = () => record('windowBlur');
  const onFocus = () => record('windowFocus');
  const onDevices = () => record('microphoneChanged');
  sources.document.addEventListener('visibilitychange', onVisibility);
  sources.window.addEventListener('blur', onBlur);
  sources.window.addEventListener('focus', onFocus);
  sources.mediaDevices?.addEventListener('devicechange', onDevices);

  return {
    record,
    stop: () => {
      if (stopped) return;
      stopped = true;
      sources.document.removeEventListener('visibilitychange', onVisibility);
      sources.window.removeEventListener('blur', onBlur);
      sources.window.removeEventListener('focus', onFocus);
      sources.mediaDevices?.removeEventListener('devicechange', onDevices);
      clearTimeout(timer);
      timer = undefined;
      void flush();
    },
  };
}
