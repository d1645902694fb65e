import { describe, expect, it } from 'vitest';

import type { ApplicationStatus } from '../api/types';
import { currentStep, hasInterview, progressSteps } from './progress';

const states = (status: ApplicationStatus) => progressSteps(status).map((step) => step.state);

describe('application progress', () => {
  it('puts each status on its step: Received → In review → Interview → Decision', () => {
    expect(currentStep('received')).toBe(0);
    expect(currentStep('inReview')).toBe(1);
    expect(currentStep('interviewInvited')).toBe(2);
    expect(currentStep('interviewBooked')).toBe(2);
    expect(currentStep('decisionMade')).toBe(3);
    expect(currentStep('withdrawn')).toBeNull();
  });

  it('marks the steps before as done and the ones after as upcoming', () => {
    expect(progressSteps('received')).toEqual([
      { label: 'Received', state: 'current' },
      { label: 'In review', state: 'upcoming' },
      { label: 'Interview', state: 'upcoming' },
      { label: 'Decision', state: 'upcoming' },
    ]);
    expect(states('interviewBooked')).toEqual(['done', 'done', 'current', 'upcoming']);
    expect(states('decisionMade')).toEqual(['done', 'done', 'done', 'current']);
  });

  it('shows no progress for a withdrawn application', () => {
    expect(progressSteps('withdrawn')).toEqual([]);
  });

  it('links an interview only while invited or booked', () => {
    expect(hasInterview('interviewInvited')).toBe(true);
    expect(hasInterview('interviewBooked')).toBe(true);
    expect(hasInterview('inReview')).toBe(false);
    expect(hasInterview('decisionMade')).toBe(false);
  });
});
