import { describe, expect, it } from 'vitest';

import { applicationSummary } from './application';

const SENT = {
  appliedAt: '2026-03-02T06:15:00Z',
  consentVersion: '2026-01',
  consentedAt: '2026-03-02T06:15:00Z',
  note: '',
  timesApplied: 1,
};

describe('applicationSummary', () => {
  it('says when they applied and which notice they agreed to', () => {
    expect(applicationSummary(SENT)).toBe('Applied Mar 2, 2026 · consent 2026-01 on Mar 2, 2026');
  });

  it('counts the applications only when there was more than one', () => {
    expect(applicationSummary({ ...SENT, timesApplied: 3, consentedAt: '2026-03-09T10:00:00Z' })).toBe(
      'Applied Mar 2, 2026 · consent 2026-01 on Mar 9, 2026 · applied 3 times',
    );
  });
});
