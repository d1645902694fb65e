import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { FLUSH_AFTER_MS, MAX_BATCH, RETRY_AFTER_MS, startConductLog } from './conduct-log';
import type { ConductBatch, ConductSources } from './conduct-log';

type FakePage = ConductSources & { window: EventTarget; mediaDevices: EventTarget; hide: () => void; show: () => void };

/** A document whose visibility the test sets, a window and the media devices. */
function fakePage(): FakePage {
  let visibility: DocumentVisibilityState = 'visible';
  const doc = new EventTarget();
  Object.defineProperty(doc, 'visibilityState', { get: () => visibility });
  const turn = (to: DocumentVisibilityState) => {
    visibility = to;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return {
    document: doc as EventTarget & { readonly visibilityState: DocumentVisibilityState },
    window: new EventTarget(),
    mediaDevices: new EventTarget(),
    hide: () => turn('hidden'),
    show: () => turn('visible'),
  };
}

describe('the join page conduct log', () => {
  let clock = 1_000;
  const now = () => clock;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000;
  });
  afterEach(() => vi.useRealTimers());

  it('reports the tab, the focus and the microphones in small batches with their times and question', async () => {
    const page = fakePage();
    const sent: ConductBatch[] = [];
    let question: number | null = 2;
    const log = startConductLog({
      session: { conductToken: 'tok', callId: 'call-1' },
      send: (batch) => {
        sent.push(batch);
        return Promise.resolve();
      },
      question: () => question,
      now,
      sources: page,
      pageId: 'page-1',
    });
    page.hide();
    page.window.dispatchEvent(new Event('blur'));
    clock += 12_000;
    page.show();
    page.window.dispatchEvent(new Event('focus'));
    question = null;
    page.mediaDevices.dispatchEvent(new Event('devicechange'));
    log.record('reconnecting');
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_MS);
    expect(sent).toEqual([
      {
        conductToken: 'tok',
        callId: 'call-1',
        pageId: 'page-1',
        sentAt: 13_000,
        events: [
          { seq: 0, kind: 'tabHidden', at: 1_000, question: 2 },
          { seq: 1, kind: 'windowBlur', at: 1_000, question: 2 },
          { seq: 2, kind: 'tabVisible', at: 13_000, question: 2 },
          { seq: 3, kind: 'windowFocus', at: 13_000, question: 2 },
          { seq: 4, kind: 'microphoneChanged', at: 13_000, question: null },
          { seq: 5, kind: 'reconnecting', at: 13_000, question: null },
        ],
      },
    ]);
    // Once stopped it no longer listens.
    log.stop();
    page.hide();
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('keeps a batch the network lost and stops for good when the server refuses', async () => {
    const page = fakePage();
    const send = vi
      .fn<(batch: ConductBatch) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError({ status: 0, body: null }))
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new ApiError({ status: 409, body: { message: 'full', code: 'conduct_log_full' } }));
    const log = startConductLog({ session: { conductToken: 'tok' }, send, now, sources: page, pageId: 'p' });
    page.hide();
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_MS);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].events).toEqual([{ seq: 0, kind: 'tabHidden', at: 1_000, question: null }]);
    expect(send.mock.calls[1]![0].callId).toBeNull();
    page.show();
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_MS);
    expect(send).toHaveBeenCalledTimes(3);
    // Refused: nothing more is sent.
    page.hide();
    log.stop();
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 2);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('sends a full batch at once and the rest on stop', async () => {
    const page = fakePage();
    const sizes: number[] = [];
    const log = startConductLog({
      session: { conductToken: 'tok', callId: 'c' },
      send: (batch) => {
        sizes.push(batch.events.length);
        return Promise.resolve();
      },
      now,
      sources: page,
      pageId: 'p',
    });
    for (let i = 0; i < MAX_BATCH + 3; i += 1) log.record('windowBlur');
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes).toEqual([MAX_BATCH]);
    log.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes).toEqual([MAX_BATCH, 3]);
  });
});
