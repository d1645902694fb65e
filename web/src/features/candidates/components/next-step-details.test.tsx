import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { NextStepDetails } from '../api/types';
import { NextStepDetailsView } from './next-step-details';

const SPEC_ANSWERS: NextStepDetails = {
  totalExp: 5,
  relevantExp: 1,
  currentCTC: 12.5,
  expectedCTC: 18,
  noticePeriod: 30,
  servingNotice: 'Yes',
  organization: 'Acme Corp',
  reasonForLeaving: '',
  lastWorkingDate: '',
  currentLocation: 'Pune',
  hometown: 'Nagpur',
  faridabadOffice: 'Yes',
  relocateDays: 15,
  skills: 'Java, Selenium',
  additionalInfo: '',
  officeName: null,
  payUnit: null,
  customAnswers: [],
  submittedAt: '2026-03-02T06:15:00Z',
};

/** The answer's text beside its label. */
const answer = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('NextStepDetailsView', () => {
  it("shows the spec's form in LPA, at Faridabad", () => {
    render(<NextStepDetailsView details={SPEC_ANSWERS} inviteStatus={null} interviewDateTime={null} />);
    expect(answer('Current CTC')).toBe('12.5 LPA');
    expect(answer('Willing to Work from Faridabad Office')).toBe('Yes');
    expect(answer('Additional Information')).toBe('—');
  });

  it("leaves out what the form did not ask, and shows the organisation's own questions as they were asked", () => {
    render(
      <NextStepDetailsView
        details={{
          ...SPEC_ANSWERS,
          currentCTC: null,
          hometown: null,
          officeName: 'Berlin',
          payUnit: 'EUR a year',
          customAnswers: [
            { id: 'q1', label: 'Work permit', kind: 'choice', answer: 'Need a visa' },
            { id: 'q2', label: 'Years of Rust', kind: 'number', answer: 3.5 },
            { id: 'q3', label: 'Earliest start', kind: 'date', answer: null },
          ],
        }}
        inviteStatus={null}
        interviewDateTime={null}
      />,
    );
    expect(screen.queryByText('Current CTC')).toBeNull();
    expect(screen.queryByText('Hometown')).toBeNull();
    expect(answer('Expected CTC')).toBe('18 EUR a year');
    expect(answer('Willing to Work from Berlin Office')).toBe('Yes');
    expect(answer('Work permit')).toBe('Need a visa');
    expect(answer('Years of Rust')).toBe('3.5');
    expect(answer('Earliest start')).toBe('—');
  });
});
