import { vi } from 'vitest';

import type { NextStep } from '../api/types';

/** An invite as GET /Interview/NextStep answers it. */
export function nextStepFixture(overrides: Partial<NextStep> = {}): NextStep {
  return {
    candidateName: 'Asha Verma',
    jdName: 'Rust Engineer',
    showPageId: 1,
    applyLastDate: '2026-12-01',
    interviewDateTime: null,
    detailsSubmitted: false,
    timeZoneName: null,
    bookableUntil: '2026-12-01T18:30:00Z',
    notice: { version: 'abc123def456', text: 'An AI system screens applications.' },
    ...overrides,
  };
}

/**
 * Freezes the clock at `iso` for `Date` only: timers stay real, so Testing Library's waiting
 * and React's scheduling work as usual while every "now" the page reads is fixed.
 */
export function freezeClock(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

export const notFound = { message: 'No data found.', code: 'not_found' };
