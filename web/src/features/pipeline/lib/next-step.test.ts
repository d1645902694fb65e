import { describe, expect, it } from 'vitest';

import { nextStep } from './next-step';

describe('nextStep', () => {
  it('names the next step of each open stage', () => {
    expect(nextStep({ stage: 'new', recommendation: null, interviewStatus: null })).toBe('Review, then invite');
    expect(nextStep({ stage: 'screened', recommendation: 'Pass', interviewStatus: null })).toBe('Invite to interview');
    expect(nextStep({ stage: 'screened', recommendation: 'Fail', interviewStatus: null })).toBe('Review the resume');
    expect(nextStep({ stage: 'invited', recommendation: 'Pass', interviewStatus: null })).toBe('Awaiting booking');
    expect(nextStep({ stage: 'interviewed', recommendation: 'Pass', interviewStatus: 'Pass' })).toBe('Review the interview');
    expect(nextStep({ stage: 'interviewed', recommendation: 'Pass', interviewStatus: null })).toBe('Awaiting the interview analysis');
    expect(nextStep({ stage: 'offer', recommendation: 'Pass', interviewStatus: 'Pass' })).toBe('Awaiting the answer to the offer');
  });

  it('has none once the candidacy is decided', () => {
    for (const stage of ['hired', 'rejected', 'withdrawn'] as const) {
      expect(nextStep({ stage, recommendation: 'Pass', interviewStatus: 'Pass' })).toBeNull();
    }
  });
});
