/** The self-hosted interview's socket and web call, faked for the unit tests. */
import type { WebCallSession } from '../api/types';
import type { SocketLike } from '../lib/selfhosted-call';

/** A socket the test opens, feeds and drops by hand. */
export class FakeSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  readonly sent: Array<string | ArrayBuffer> = [];
  closedWith: number | undefined | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  /** Every socket made since the test cleared this, for a page that makes its own. */
  static readonly made: FakeSocket[] = [];

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string | ArrayBuffer) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: string | ArrayBuffer) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  say(message: object) {
    this.receive(JSON.stringify(message));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  /** The text messages the page sent, by type. */
  texts(): string[] {
    return this.sent.filter((m): m is string => typeof m === 'string').map((m) => (JSON.parse(m) as { type: string }).type);
  }
  frames(): number {
    return this.sent.filter((m) => typeof m !== 'string').length;
  }
}

/** WebCall's answer for a self-hosted interview. */
export function selfHostedSession(webCallUrl: string, token: string): WebCallSession {
  return {
    provider: 'selfhosted',
    assistantId: 'asst-1',
    callId: 'call-1',
    webCallUrl,
    callToken: token,
    publicToken: null,
    assistantOverrides: null,
    conductToken: 'conduct-token',
  };
}
