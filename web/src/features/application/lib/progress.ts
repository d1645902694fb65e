/** The candidate page's progress indicator: where an application's status sits on the way to a decision. */
import type { ApplicationStatus } from '../api/types';

export const STEPS = ['Received', 'In review', 'Interview', 'Decision'] as const;

export type StepState = 'done' | 'current' | 'upcoming';

export type ProgressStep = { label: (typeof STEPS)[number]; state: StepState };

/** The step a status is at (an invite and a booked interview are both the Interview step); null when withdrawn. */
export function currentStep(status: ApplicationStatus): number | null {
  switch (status) {
    case 'received':
      return 0;
    case 'inReview':
      return 1;
    case 'interviewInvited':
    case 'interviewBooked':
      return 2;
    case 'decisionMade':
      return 3;
    case 'withdrawn':
      return null;
  }
}

/**
 * The four steps, each done, current or upcoming. A withdrawn application is on no step: it has
 * no progress to show (its status says so). Once decided, the Decision step is the current one.
 */
export function progressSteps(status: ApplicationStatus): ProgressStep[] {
  const current = currentStep(status);
  if (current === null) return [];
  return STEPS.map((label, index) => ({ label, state: index < current ? 'done' : index === current ? 'current' : 'upcoming' }));
}

/** Whether the candidate has an interview to go to (their page links to it). */
export function hasInterview(status: ApplicationStatus): boolean {
  return status === 'interviewInvited' || status === 'interviewBooked';
}
