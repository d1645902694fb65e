import { afterEach, describe, expect, it } from 'vitest';

import { connection, reportAnswer, subscribeConnection } from './connection';

describe('connection', () => {
  afterEach(() => reportAnswer(200, 0));

  it('is unreachable after a call without an answer or a gateway error, and reachable again after any answer', () => {
    reportAnswer(200, 1_000);
    expect(connection()).toEqual({ reachable: true, lastAnsweredAt: 1_000 });
    reportAnswer(null, 2_000);
    expect(connection()).toEqual({ reachable: false, lastAnsweredAt: 1_000 });
    reportAnswer(503, 3_000);
    expect(connection().reachable).toBe(false);
    // A refusal is still an answer: the server is there.
    reportAnswer(404, 4_000);
    expect(connection()).toEqual({ reachable: true, lastAnsweredAt: 4_000 });
  });

  it('tells its subscribers of a change only', () => {
    reportAnswer(200, 1_000);
    let told = 0;
    const stop = subscribeConnection(() => (told += 1));
    reportAnswer(null);
    reportAnswer(null);
    expect(told).toBe(1);
    stop();
    reportAnswer(200, 5_000);
    expect(told).toBe(1);
  });
});
