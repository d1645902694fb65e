import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { NextStepRoute } from '../routes/next-step';
import { freezeClock, nextStepFixture, notFound } from '../testing/fixtures';

const START = '2026-11-25T10:00:00';
const scheduled = (overrides = {}) =>
  nextStepFixture({ showPageId: 2, interviewDateTime: START, timeZoneName: 'Asia/Kolkata', ...overrides });

/** The invite server; StartInterview answers with the join page's address unless told otherwise. */
function server({
  invite = scheduled(),
  start,
}: {
  invite?: ReturnType<typeof scheduled>;
  start?: () => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
} = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/Interview/NextStep/abc') return json(200, invite);
    if (call.url === '/api/Interview/StartInterview/abc')
      return start ? start() : json(200, { Uri: `${window.location.origin}/interview/join/abc` });
    return json(404, notFound);
  });
}

const open = () => renderPage(<NextStepRoute />, { path: '/nextstep', at: '/nextstep?inviteId=abc' });

// Whole-page tests type and click a lot, and some wait on the page's real one-second ticks
// (timer, polling, redirect): on a busy CI machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduled view (2)', () => {
  it('shows the date and time in local time, as booked beside it, and a DAYS/HOURS/MINUTES/SECONDS countdown', async () => {
    freezeClock('2026-11-24T08:58:57Z'); // 1 day, 1 hour, 1 minute and 3 seconds before
    server();
    open();
    // The tests run in UTC; the slot was booked in Kolkata.
    expect(await screen.findByTestId('interview-date')).toHaveTextContent('Wednesday, November 25, 2026');
    expect(screen.getByTestId('interview-time')).toHaveTextContent('10:00 AM UTC');
    expect(screen.getByTestId('interview-as-booked')).toHaveTextContent(
      'Booked as Wednesday, November 25, 2026 at 3:30 PM IST (Asia/Kolkata).',
    );
    expect(screen.getByText('Interview link will be enabled 5 minutes before the scheduled time')).toBeInTheDocument();
    const countdown = screen.getByTestId('countdown');
    for (const unit of ['DAYS', 'HOURS', 'MINUTES', 'SECONDS']) expect(countdown).toHaveTextContent(unit);
    expect(countdown).toHaveAccessibleName('1 days, 1 hours, 1 minutes and 3 seconds until your interview');
    expect(screen.queryByRole('button', { name: 'Ready to Join?' })).not.toBeInTheDocument();
  });

  it('says the time once when it was booked in the zone it is viewed in', async () => {
    freezeClock('2026-11-24T08:00:00Z');
    server({ invite: scheduled({ timeZoneName: 'UTC' }) });
    open();
    expect(await screen.findByTestId('interview-time')).toHaveTextContent('10:00 AM UTC');
    expect(screen.queryByTestId('interview-as-booked')).not.toBeInTheDocument();
  });

  it('ticks the countdown with the clock', async () => {
    freezeClock('2026-11-25T09:00:00Z');
    server();
    open();
    const countdown = await screen.findByTestId('countdown');
    expect(countdown).toHaveAccessibleName(/0 days, 1 hours, 0 minutes and 0 seconds/);
    vi.setSystemTime(new Date('2026-11-25T09:30:10Z'));
    await waitFor(() => expect(countdown).toHaveAccessibleName(/0 days, 0 hours, 29 minutes and 50 seconds/), { timeout: 2500 });
  });

  it('links to the details form until the details are submitted', async () => {
    freezeClock('2026-11-24T08:00:00Z');
    server();
    open();
    expect(await screen.findByRole('link', { name: 'Share your details' })).toHaveAttribute(
      'href',
      '/interview/candidate-details?inviteId=abc',
    );
  });

  it('does not ask for the details again once submitted', async () => {
    freezeClock('2026-11-24T08:00:00Z');
    server({ invite: scheduled({ detailsSubmitted: true }) });
    open();
    expect(await screen.findByTestId('countdown')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Share your details' })).not.toBeInTheDocument();
  });

  it('replaces the countdown with the join button at exactly 5:00 before, and joins at once then', async () => {
    freezeClock('2026-11-25T09:55:00Z');
    const { calls } = server();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Ready to Join?' }));
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Redirecting to meeting link in 10 seconds')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/Interview/StartInterview/abc')).toHaveLength(1);
  });

  it("asks 'Confirm Join' with under five minutes to go: No does nothing, Yes starts", async () => {
    freezeClock('2026-11-25T09:56:30Z');
    const { calls } = server();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Ready to Join?' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Join' });
    expect(dialog).toHaveTextContent('Are you sure you want to join now?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('StartInterview'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Ready to Join?' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('redirect-countdown')).toHaveTextContent('Redirecting to meeting link in 10 seconds');
    expect(screen.getByTestId('redirect-countdown')).toHaveTextContent('click Join');
    expect(calls.filter((call) => call.url.includes('StartInterview'))).toHaveLength(1);
  });

  it('joins without asking after the start, and goes to the meeting link after 10 seconds', async () => {
    freezeClock('2026-11-25T10:10:00Z');
    server();
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Ready to Join?' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Redirecting to meeting link in 10 seconds')).toBeInTheDocument();
    vi.setSystemTime(new Date('2026-11-25T10:10:04Z'));
    expect(await screen.findByText('Redirecting to meeting link in 6 seconds', {}, { timeout: 2500 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nextstep');
    vi.setSystemTime(new Date('2026-11-25T10:10:10Z'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/interview/join/abc'), { timeout: 2500 });
  });

  it('disables Join while StartInterview is in flight', async () => {
    freezeClock('2026-11-25T10:01:00Z');
    let answer: (reply: { status: number; body?: unknown }) => void = () => undefined;
    server({ start: () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    open();
    const join = await screen.findByRole('button', { name: 'Ready to Join?' });
    await user.click(join);
    expect(join).toBeDisabled();
    expect(screen.getByRole('button', { name: 'I want to Reschedule' })).toBeDisabled();
    answer({ status: 409, body: { message: 'The meeting link has been disabled.', code: 'link_disabled' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The meeting link has been disabled.');
    expect(join).toBeEnabled();
  });

  it('is still joinable at exactly 30:00 after the start, and disabled after that', async () => {
    freezeClock('2026-11-25T10:30:00Z');
    server();
    open();
    expect(await screen.findByRole('button', { name: 'Ready to Join?' })).toBeInTheDocument();
    vi.setSystemTime(new Date('2026-11-25T10:30:01Z'));
    expect(await screen.findByText('The meeting link has been disabled.', {}, { timeout: 2500 })).toBeInTheDocument();
    expect(screen.getByText('If you missed the call, you can reschedule the meeting at your convenience.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ready to Join?' })).not.toBeInTheDocument();
    expect(screen.getByText('Missed the interview / Change in plan?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I want to Reschedule' })).toBeEnabled();
  });
});
