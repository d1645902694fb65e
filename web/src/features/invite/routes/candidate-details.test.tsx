import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { nextStepFixture, notFound } from '../testing/fixtures';
import { CandidateDetailsRoute } from './candidate-details';
import { ScheduledRoute } from './scheduled';

/** A required field's label: its text, then the asterisk. */
const field = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}\\*?$`);

const invite = nextStepFixture({ showPageId: 2, interviewDateTime: '2026-11-27T04:30:00', timeZoneName: 'Asia/Kolkata' });

function server(submit: () => { status: number; body?: unknown } = () => json(200, { message: 'Details submitted.' })) {
  return mockFetch((call) => {
    if (call.url === '/api/Interview/NextStep/abc') return json(200, invite);
    if (call.path === '/Interview/AddCandidateDetails') return submit();
    return json(404, notFound);
  });
}

const open = () =>
  renderRoutes(
    [
      { path: '/interview/candidate-details', element: <CandidateDetailsRoute /> },
      { path: '/ScheduleInterview', element: <ScheduledRoute /> },
    ],
    { at: '/interview/candidate-details?inviteId=abc' },
  );

async function fillRequired(user: UserEvent) {
  await user.type(await screen.findByLabelText(field('Total experience (years)')), '5.5');
  await user.type(screen.getByLabelText(field('Relevant experience (years)')), '3');
  await user.type(screen.getByLabelText(field('Current organization')), 'Acme');
  await user.type(screen.getByLabelText(field('Current CTC (LPA)')), '12');
  await user.type(screen.getByLabelText(field('Expected CTC (LPA)')), '18.5');
  await user.type(screen.getByLabelText(field('Notice period (days)')), '30');
  await user.type(screen.getByLabelText(field('Current location')), 'Pune');
  await user.type(screen.getByLabelText(field('Hometown')), 'Agra');
  await user.type(screen.getByLabelText(field('Days needed to relocate')), '15');
  await user.type(screen.getByLabelText(field('Key skills')), 'Rust, SQL');
}

// Whole-page tests type and click a lot, and some wait on the page's real one-second ticks
// (timer, polling, redirect): on a busy CI machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('Next Step Details form', () => {
  it('has the units, number bounds and defaults of the spec', async () => {
    server();
    open();
    const total = await screen.findByLabelText(field('Total experience (years)'));
    for (const label of [
      'Total experience (years)',
      'Relevant experience (years)',
      'Current CTC (LPA)',
      'Expected CTC (LPA)',
      'Notice period (days)',
      'Days needed to relocate',
    ]) {
      const input = screen.getByLabelText(field(label));
      expect(input).toHaveAttribute('type', 'number');
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('step', '0.1');
    }
    expect(total).toHaveValue(null);
    const serving = screen.getByRole('group', { name: /serving your notice period/ });
    expect(screen.getByRole('radio', { name: 'No', checked: true })).toBeInTheDocument();
    expect(serving).toBeInTheDocument();
    // Faridabad has no default.
    const office = screen.getByRole('group', { name: /Faridabad office/ });
    expect(office.querySelectorAll('input:checked')).toHaveLength(0);
  });

  it('shows and requires the leaving details only when not serving notice', async () => {
    server();
    const user = userEvent.setup();
    open();
    expect(await screen.findByLabelText(field('Reason for leaving'))).toBeInTheDocument();
    expect(screen.getByLabelText(field('Last working date'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Details' }));
    expect(screen.getByText('Reason for leaving is required.')).toBeInTheDocument();
    expect(screen.getByText('Last working date is required.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Yes', { selector: '#servingNotice-Yes' }));
    expect(screen.queryByLabelText(field('Reason for leaving'))).not.toBeInTheDocument();
    expect(screen.queryByLabelText(field('Last working date'))).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Details' }));
    expect(screen.queryByText('Reason for leaving is required.')).not.toBeInTheDocument();
  });

  it('refuses an empty form, field by field, without calling the server', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Submit Details' }));
    for (const text of [
      'Total experience (years) is required.',
      'Current CTC (LPA) is required.',
      'Notice period (days) is required.',
      'Current organization is required.',
      'Key skills is required.',
      'Please choose Yes or No.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(field('Total experience (years)'))).toHaveFocus();
    expect(screen.getByLabelText(field('Total experience (years)'))).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Additional information.*required/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('AddCandidateDetails'))).toBe(false);

    // The error goes once the field is fixed.
    await user.type(screen.getByLabelText(field('Total experience (years)')), '4');
    expect(screen.queryByText('Total experience (years) is required.')).not.toBeInTheDocument();
  });

  it('submits the details and shows the confirmation with the interview time in local time', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { router } = open();
    await fillRequired(user);
    await user.type(screen.getByLabelText(field('Reason for leaving')), 'Growth');
    await user.type(screen.getByLabelText(field('Last working date')), '2026-12-31');
    await user.click(screen.getByLabelText('No', { selector: '#faridabadOffice-No' }));
    await user.click(screen.getByRole('button', { name: 'Submit Details' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, Asha Verma!' })).toBeInTheDocument();
    expect(screen.getByText(/Your interview has been successfully scheduled for/)).toHaveTextContent(
      // Booked at 10:00 in Kolkata; the tests run in UTC.
      'Your interview has been successfully scheduled for Friday, November 27, 2026 at 4:30 AM UTC.',
    );
    expect(screen.getByText('You may now close this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ScheduleInterview');
    expect(router.state.location.search).toBe('?inviteId=abc');
    expect(router.state.location.state).toEqual({
      candidateName: 'Asha Verma',
      interviewDate: 'Friday, November 27, 2026',
      interviewTime: '4:30 AM UTC',
    });

    const sent = calls.find((call) => call.path === '/Interview/AddCandidateDetails');
    expect(sent?.body).toEqual({
      inviteId: 'abc',
      totalExp: 5.5,
      relevantExp: 3,
      currentCTC: 12,
      expectedCTC: 18.5,
      noticePeriod: 30,
      servingNotice: 'No',
      organization: 'Acme',
      reasonForLeaving: 'Growth',
      lastWorkingDate: '2026-12-31',
      currentLocation: 'Pune',
      hometown: 'Agra',
      faridabadOffice: 'No',
      relocateDays: 15,
      skills: 'Rust, SQL',
      additionalInfo: '',
    });
  });

  it('sends empty leaving details while serving notice', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    open();
    await fillRequired(user);
    await user.type(screen.getByLabelText(field('Reason for leaving')), 'typed before choosing Yes');
    await user.click(screen.getByLabelText('Yes', { selector: '#servingNotice-Yes' }));
    await user.click(screen.getByLabelText('Yes', { selector: '#faridabadOffice-Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit Details' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('AddCandidateDetails'))).toBe(true));
    const sent = calls.find((call) => call.url.includes('AddCandidateDetails'));
    expect(sent?.body).toMatchObject({ servingNotice: 'Yes', reasonForLeaving: '', lastWorkingDate: '', faridabadOffice: 'Yes' });
  });

  it("alerts 'Failed to submit details. Please try again.' when the server refuses", async () => {
    server(() => json(400, { message: 'Invalid details.', code: 'invalid_details', fields: { skills: 'Skills are too long.' } }));
    const user = userEvent.setup();
    const { router } = open();
    await fillRequired(user);
    await user.click(screen.getByLabelText('Yes', { selector: '#servingNotice-Yes' }));
    await user.click(screen.getByLabelText('No', { selector: '#faridabadOffice-No' }));
    await user.click(screen.getByRole('button', { name: 'Submit Details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit details. Please try again.');
    expect(screen.getByText('Skills are too long.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interview/candidate-details');
  });
});

describe('scheduled confirmation', () => {
  it('reads the interview from the invite after a reload, in local time', async () => {
    server();
    renderRoutes([{ path: '/ScheduleInterview', element: <ScheduledRoute /> }], { at: '/ScheduleInterview?inviteId=abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, Asha Verma!' })).toBeInTheDocument();
    expect(screen.getByText(/successfully scheduled/)).toHaveTextContent('Friday, November 27, 2026 at 4:30 AM UTC');
    expect(screen.getByText(/confirmation email has been sent to your registered email address/)).toBeInTheDocument();
  });

  it("shows 'No data found.' without state or invite", async () => {
    const { fetchMock } = server();
    renderRoutes([{ path: '/ScheduleInterview', element: <ScheduledRoute /> }], { at: '/ScheduleInterview' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No data found.' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
