import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { SPEC_FORM } from '@/lib/details-form';
import type { DetailsFormSettings } from '@/lib/details-form';
import { json, mockFetch } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { nextStepFixture, notFound } from '../testing/fixtures';
import { CandidateDetailsRoute } from './candidate-details';

/** A label, then the asterisk of a required field. */
const field = (text: string) => new RegExp(`^${text.replace(/[()?]/g, '\\$&')}\\*?$`);

/** Pay history off, expected pay optional, the hometown in the admin's words, another office and unit, and three questions of the organisation's own. */
const CONFIGURED: DetailsFormSettings = {
  ...SPEC_FORM,
  fields: SPEC_FORM.fields.map((f) =>
    f.name === 'currentCTC'
      ? { ...f, enabled: false }
      : f.name === 'expectedCTC'
        ? { ...f, required: false }
        : f.name === 'hometown'
          ? { ...f, label: 'Where did you grow up?' }
          : f,
  ),
  officeName: 'Berlin',
  payUnit: 'EUR a year',
  customQuestions: [
    { id: 'q1', label: 'Work permit', kind: 'choice', required: true, choices: ['EU citizen', 'Need a visa'] },
    { id: 'q2', label: 'Years of Rust', kind: 'number', required: true, choices: [] },
    { id: 'q3', label: 'Happy to travel', kind: 'yesno', required: false, choices: [] },
  ],
};

function server(form: DetailsFormSettings) {
  return mockFetch((call) => {
    if (call.url === '/api/Interview/NextStep/abc') return json(200, nextStepFixture({ showPageId: 1 }));
    if (call.url === '/api/Interview/DetailsForm/abc') return json(200, form);
    if (call.path === '/Interview/AddCandidateDetails') return json(200, { message: 'Details submitted.' });
    return json(404, notFound);
  });
}

const open = () =>
  renderRoutes(
    [
      { path: '/interview/candidate-details', element: <CandidateDetailsRoute /> },
      { path: '/ScheduleInterview', element: <p>scheduled</p> },
    ],
    { at: '/interview/candidate-details?inviteId=abc' },
  );

vi.setConfig({ testTimeout: 20_000 });

describe('Next Step Details form as an admin configured it', () => {
  it('asks only what is turned on, in the configured words, office and unit', async () => {
    server(CONFIGURED);
    open();
    expect(await screen.findByLabelText(field('Total experience (years)'))).toBeInTheDocument();
    expect(screen.queryByLabelText(/Current CTC/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Expected CTC (EUR a year) (optional)')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText(field('Where did you grow up?'))).toBeInTheDocument();
    expect(screen.queryByLabelText(field('Hometown'))).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Berlin office/ })).toBeInTheDocument();
    expect(screen.queryByText(/Faridabad/)).not.toBeInTheDocument();
    const more = screen.getByRole('region', { name: 'More about you' });
    expect(within(more).getByRole('combobox', { name: field('Work permit') })).toBeInTheDocument();
    expect(within(more).getByRole('group', { name: 'Happy to travel (optional)' })).toBeInTheDocument();
  });

  it('checks the custom questions and sends only what the form asked', async () => {
    const { calls } = server(CONFIGURED);
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText(field('Total experience (years)')), '5');
    await user.type(screen.getByLabelText(field('Relevant experience (years)')), '3');
    await user.type(screen.getByLabelText(field('Current organization')), 'Acme');
    await user.type(screen.getByLabelText(field('Notice period (days)')), '30');
    await user.click(screen.getByLabelText('Yes', { selector: '#servingNotice-Yes' }));
    await user.type(screen.getByLabelText(field('Current location')), 'Munich');
    await user.type(screen.getByLabelText(field('Where did you grow up?')), 'Nagpur');
    await user.click(screen.getByLabelText('No', { selector: '#faridabadOffice-No' }));
    await user.type(screen.getByLabelText(field('Days needed to relocate')), '10');
    await user.type(screen.getByLabelText(field('Key skills')), 'Rust');

    await user.click(screen.getByRole('button', { name: 'Submit Details' }));
    expect(screen.getByText('Work permit is required.')).toBeInTheDocument();
    expect(screen.getByText('Years of Rust is required.')).toBeInTheDocument();
    expect(screen.queryByText(/Expected CTC.*required/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: field('Work permit') })).toHaveFocus();
    expect(calls.some((call) => call.path === '/Interview/AddCandidateDetails')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: field('Work permit') }), 'Need a visa');
    expect(screen.queryByText('Work permit is required.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(field('Years of Rust')), '3.5');
    await user.click(screen.getByRole('button', { name: 'Submit Details' }));

    await waitFor(() => expect(calls.some((call) => call.path === '/Interview/AddCandidateDetails')).toBe(true));
    const sent = calls.find((call) => call.path === '/Interview/AddCandidateDetails')?.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('currentCTC');
    expect(sent).not.toHaveProperty('expectedCTC');
    expect(sent).toMatchObject({ hometown: 'Nagpur', faridabadOffice: 'No', customAnswers: { q1: 'Need a visa', q2: 3.5 } });
    expect(sent.customAnswers).not.toHaveProperty('q3');
  });

  it("asks the spec's form when the server has none to give", async () => {
    server(SPEC_FORM);
    open();
    expect(await screen.findByLabelText(field('Current CTC (LPA)'))).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Are you willing to work from our Faridabad office?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Additional information (optional)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'More about you' })).not.toBeInTheDocument();
  });
});
