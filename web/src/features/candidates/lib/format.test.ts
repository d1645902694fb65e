import { describe, expect, it } from 'vitest';

import { formatLocalDateTime } from './format';

describe('formatLocalDateTime', () => {
  it('treats a zone-less timestamp as UTC (tests run with TZ=UTC)', () => {
    expect(formatLocalDateTime('2026-03-05T09:07:00')).toBe(formatLocalDateTime('2026-03-05T09:07:00Z'));
    expect(formatLocalDateTime('2026-03-05T09:07:00Z')).toMatch(/09:07/);
  });

  it('is blank for nothing or garbage', () => {
    expect(formatLocalDateTime(null)).toBe('');
    expect(formatLocalDateTime('soon')).toBe('');
  });
});
