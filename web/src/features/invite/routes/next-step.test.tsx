import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import type { NextStep } from '../api/types';
import { freezeClock, nextStepFixture, notFound } from '../testing/fixtures';
import { NextStepRoute } from './next-step';

const AT = '/nextstep?inviteId=abc';
const open = (at = AT) => renderPage(<NextStepRoute />, { path: '/nextstep', at });

/** A server whose invite is `state`; schedule calls move it to view 2 at the chosen instant. */
function inviteServer(initial: NextStep) {
  let state = initial;
  const mock = mockFetch((call) => {
    if (call.url === '/api/Interview/NextStep/abc') return json(200, state);
    if (call.path === '/Interview/ScheduleInterview' || call.path === '/Interview/ReScheduleInterview') {
      const body = call.body as { interviewStartUtc: string; timeZoneName: string };
      const interviewDateTime = body.interviewStartUtc.replace('.000Z', '');
      state = { ...state, showPageId: 2, interviewDateTime, timeZoneName: body.timeZoneName };
      return json(200, { interviewDateTime, showPageId: 2 });
    }
    return json(404, notFound);
  });
  return { ...mock, setState: (next: NextStep) => (state = next) };
}

// Whole-page tests type and click a lot, and some wait on the page's real one-second ticks
// (timer, polling, redirect): on a busy CI machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('invite page views', () => {
  it("shows 'No data found.' for an unknown invite and for a link without one", async () => {
    mockFetch(() => json(404, notFound));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'No data found.' })).toBeInTheDocument();
  });

  it("shows 'No data found.' without an inviteId, asking nothing", async () => {
    const { fetchMock } = mockFetch(() => json(404, notFound));
    open('/nextstep');
    expect(await screen.findByRole('heading', { level: 1, name: 'No data found.' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the thank-you view (3)', async () => {
    inviteServer(nextStepFixture({ showPageId: 3 }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for completing your interview.' })).toBeInTheDocument();
    expect(screen.getByText('We appreciate your time and will share the results soon.')).toBeInTheDocument();
  });

  it('shows the window-closed view (4) with the job', async () => {
    inviteServer(nextStepFixture({ showPageId: 4 }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'The interview window for Rust Engineer is closed.' })).toBeInTheDocument();
    expect(screen.getByText('Thanks for your interest.')).toBeInTheDocument();
    expect(screen.getByText(/contact the HR team/)).toBeInTheDocument();
  });

  it('offers a retry when the invite cannot be loaded', async () => {
    let fail = true;
    mockFetch(() => (fail ? json(400, { message: 'Bad', code: 'bad' }) : json(200, nextStepFixture({ showPageId: 3 }))));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thank you for completing your interview.')).toBeInTheDocument();
  });
});

describe('slot picker (view 1)', () => {
  it('greets the candidate and links to the guidelines', async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Asha Verma!' })).toBeInTheDocument();
    expect(screen.getAllByText(/Rust Engineer/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Read the interview guidelines' })).toHaveAttribute('href', '/interviewguidelines');
    expect(screen.getByText('This time will be saved in UTC in the database.')).toBeInTheDocument();
    expect(screen.getByText('You will receive a confirmation email once scheduled.')).toBeInTheDocument();
  });

  it('schedules in a zone other than the browser one, sending UTC, the zone and its offset', async () => {
    freezeClock('2026-11-25T09:37:00Z');
    const { calls } = inviteServer(nextStepFixture());
    const user = userEvent.setup();
    const { router } = open();

    // The browser runs in UTC here, so that is the default.
    const zone = await screen.findByTestId('timezone-trigger');
    expect(zone).toHaveAttribute('data-value', 'UTC');
    await user.click(zone);
    await user.type(screen.getByRole('combobox', { name: 'Search timezone' }), 'kolk');
    expect(within(screen.getByRole('listbox', { name: 'Time zones' })).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(zone).toHaveAttribute('data-value', 'Asia/Kolkata');
    expect(zone).toHaveTextContent('IST');
    expect(router.state.location.search).toContain('tz=Asia%2FKolkata');

    const schedule = screen.getByRole('button', { name: 'Schedule Interview' });
    expect(schedule).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Thursday, November 26, 2026' }));
    const time = screen.getByLabelText('Time');
    await user.selectOptions(time, '3:00 PM');
    expect(screen.getByTestId('slot-summary')).toHaveTextContent('Thursday, November 26, 2026 at 3:00 PM IST (GMT+05:30)');
    expect(screen.getByTestId('slot-summary')).toHaveTextContent('9:30 AM UTC');
    expect(schedule).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'I consent to my information being used for scheduling this interview.' }));
    expect(schedule).toBeEnabled();
    await user.click(schedule);

    expect(await screen.findByTestId('invite-view-scheduled')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/Interview/ScheduleInterview');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      inviteId: 'abc',
      candidateName: 'Asha Verma',
      JobRole: 'Rust Engineer',
      interviewStartUtc: '2026-11-26T09:30:00.000Z',
      timeZoneName: 'Asia/Kolkata',
      gmtValue: 'GMT+05:30',
    });
    expect(sent?.headers.authorization).toBeUndefined();
    // The invite was fetched again after scheduling.
    expect(calls.filter((call) => call.url === '/api/Interview/NextStep/abc').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('interview-date')).toHaveTextContent('Thursday, November 26, 2026');
    // The scheduled view is in local time (the tests run in UTC), with the booked clock beside it.
    expect(screen.getByTestId('interview-time')).toHaveTextContent('9:30 AM UTC');
    expect(screen.getByTestId('interview-as-booked')).toHaveTextContent('at 3:00 PM IST (Asia/Kolkata)');
  });

  it('keeps the time select unusable until a date is chosen, and says so when clicked', async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture());
    const user = userEvent.setup();
    open();
    const time = await screen.findByLabelText('Time');
    expect(time).toHaveAttribute('aria-disabled', 'true');
    expect(within(time).getAllByRole('option')).toHaveLength(1);
    expect(within(time).getByRole('option')).toHaveTextContent('Select time');
    await user.click(time);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a date first');
    await user.click(screen.getByRole('button', { name: /November 27, 2026/ }));
    expect(time).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByText('Please select a date first')).not.toBeInTheDocument();
    // A full day on the 15-minute grid.
    expect(within(time).getAllByRole('option')).toHaveLength(97);
  });

  it("leaves out today's past times in the chosen zone", async () => {
    freezeClock('2026-11-25T09:37:00Z'); // 15:07 in Kolkata
    inviteServer(nextStepFixture());
    const user = userEvent.setup();
    open(`${AT}&tz=Asia/Kolkata`);
    await user.click(await screen.findByRole('button', { name: 'Wednesday, November 25, 2026 (today)' }));
    const options = within(screen.getByLabelText('Time')).getAllByRole('option');
    expect(options[1]).toHaveTextContent('3:15 PM');
    expect(options).toHaveLength(1 + 35);
  });

  it('limits the calendar to today through the apply-last date', async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture());
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('button', { name: 'Tuesday, November 24, 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('button', { name: 'Tuesday, December 1, 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Wednesday, December 2, 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('stops the last day at bookableUntil in a zone behind the recruiter', async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture());
    const user = userEvent.setup();
    open(`${AT}&tz=America/New_York&date=2026-12-01`);
    const options = within(await screen.findByLabelText('Time')).getAllByRole('option');
    // December 1 ends at 18:30 UTC in the recruiter's zone: 1:30 PM in New York.
    expect(options.at(-1)).toHaveTextContent('1:15 PM');
    await user.selectOptions(screen.getByLabelText('Time'), '1:15 PM');
    expect(screen.getByTestId('slot-summary')).toHaveTextContent('Tuesday, December 1, 2026 at 1:15 PM EST (GMT-05:00)');
  });

  it("clears the time with 'Clear' and the date with 'Clear date'", async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture());
    const user = userEvent.setup();
    open(`${AT}&date=2026-11-27`);
    await user.selectOptions(await screen.findByLabelText('Time'), '10:00 AM');
    expect(screen.getByTestId('slot-summary')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('slot-summary')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Time')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(screen.getByLabelText('Time')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Clear date' })).not.toBeInTheDocument();
  });

  it("says 'No timezones found' for a search without matches", async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture());
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByTestId('timezone-trigger'));
    const search = screen.getByPlaceholderText('Search timezone...');
    await user.type(search, 'atlantis');
    expect(screen.getByText('No timezones found')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByPlaceholderText('Search timezone...')).not.toBeInTheDocument();
  });

  it("shows 'Scheduling...' while busy and the server's reason when it refuses", async () => {
    freezeClock('2026-11-25T09:37:00Z');
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    mockFetch((call) => {
      if (call.url === '/api/Interview/NextStep/abc') return json(200, nextStepFixture());
      return new Promise((resolve) => (answer = resolve));
    });
    const user = userEvent.setup();
    open(`${AT}&date=2026-11-27`);
    await user.selectOptions(await screen.findByLabelText('Time'), '10:00 AM');
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Interview' }));
    expect(await screen.findByRole('button', { name: 'Scheduling...' })).toBeDisabled();
    answer({ status: 400, body: { message: 'Please choose a time in the future.', code: 'invalid_slot' } });
    expect(await screen.findByText('Please choose a time in the future.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule Interview' })).toBeEnabled();
  });
});

describe('rescheduling', () => {
  it('goes back to the picker with nothing chosen and sends ReScheduleInterview', async () => {
    freezeClock('2026-11-25T09:37:00Z');
    const { calls } = inviteServer(
      nextStepFixture({ showPageId: 2, interviewDateTime: '2026-11-27T04:30:00', timeZoneName: 'Asia/Kolkata', detailsSubmitted: true }),
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'I want to Reschedule' }));
    const picker = await screen.findByTestId('invite-view-slot-picker');
    expect(picker).toHaveAttribute('data-mode', 'reschedule');
    expect(screen.getByTestId('current-booking')).toHaveTextContent('Friday, November 27, 2026');
    expect(screen.getByLabelText('Time')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('checkbox', { name: /I consent/ })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Monday, November 30, 2026' }));
    await user.selectOptions(screen.getByLabelText('Time'), '11:00 AM');
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Interview' }));
    expect(await screen.findByTestId('invite-view-scheduled')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/Interview/ReScheduleInterview');
    expect(sent?.body).toMatchObject({ interviewStartUtc: '2026-11-30T11:00:00.000Z', timeZoneName: 'UTC', gmtValue: 'GMT+00:00' });
    expect(calls.some((call) => call.path === '/Interview/ScheduleInterview')).toBe(false);
  });

  it("'Keep my current time' returns to the scheduled view", async () => {
    freezeClock('2026-11-25T09:37:00Z');
    inviteServer(nextStepFixture({ showPageId: 2, interviewDateTime: '2026-11-27T04:30:00', timeZoneName: 'Asia/Kolkata' }));
    const user = userEvent.setup();
    open(`${AT}&reschedule=1`);
    await user.click(await screen.findByRole('button', { name: 'Keep my current time' }));
    expect(await screen.findByTestId('invite-view-scheduled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('invite-view-slot-picker')).not.toBeInTheDocument());
  });
});
