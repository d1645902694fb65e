import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { nextStepFixture, notFound } from '../testing/fixtures';
import { JoinRoute } from './join';

const ROOM = 'http://sim.test/web-call/c1';
const invite = nextStepFixture({ showPageId: 2, interviewDateTime: '2026-11-25T10:00:00', timeZoneName: 'Asia/Kolkata' });
const simState = (status: string) => ({ id: 'c1', status, endedReason: null, startUrl: `${ROOM}/start`, endUrl: `${ROOM}/end` });

/** Our API plus the simulator's browser endpoints. */
function server({ webCall }: { webCall?: () => { status: number; body?: unknown } } = {}) {
  let status = 'queued';
  const mock = mockFetch((call) => {
    if (call.url === '/api/Interview/NextStep/abc') return json(200, invite);
    if (call.url === '/api/Interview/WebCall/abc')
      return webCall
        ? webCall()
        : json(200, {
            provider: 'simulator',
            assistantId: 'asst-1',
            callId: 'c1',
            webCallUrl: ROOM,
            callToken: null,
            publicToken: null,
            assistantOverrides: null,
            conductToken: 'conduct-token',
          });
    if (call.url === ROOM) return json(200, simState(status));
    if (call.url === `${ROOM}/start`) return json(200, simState((status = 'in-progress')));
    if (call.url === `${ROOM}/end`) return json(200, simState((status = 'ended')));
    return json(404, notFound);
  });
  return { ...mock, hangUp: () => (status = 'ended') };
}

function stubMicrophone(getUserMedia: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(getUserMedia) } });
}

const open = () => renderPage(<JoinRoute />, { path: '/interview/join/:inviteId', at: '/interview/join/abc' });

// Whole-page tests type and click a lot, and some wait on the page's real one-second ticks
// (timer, polling, redirect): on a busy CI machine they need more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('join page', () => {
  it('shows the guidelines, and Join needs the consent', async () => {
    server();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join your interview' })).toBeInTheDocument();
    expect(await screen.findByText(/Scheduled for Wednesday, November 25, 2026 at 10:00 AM UTC/)).toBeInTheDocument();
    expect(screen.getByText(/quiet room/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read all interview guidelines' })).toHaveAttribute('href', '/interviewguidelines');
    expect(screen.getByRole('button', { name: 'Join Interview' })).toBeDisabled();
    // The notice about the automated steps, with its version, before the consent.
    expect(screen.getByTestId('ai-notice')).toHaveTextContent('How we use automated tools (notice abc123def456)');
  });

  it('runs a simulator call: connecting, in progress with a timer, End, then the thank-you page', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('checkbox', { name: /recorded and analysed/ }));
    await user.click(screen.getByRole('button', { name: 'Join Interview' }));

    const status = await screen.findByTestId('call-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'in-progress'));
    expect(status).toHaveTextContent('Interview in progress');
    expect(screen.getByTestId('call-elapsed')).toHaveTextContent(/^00:0\d$/);
    expect(calls.find((call) => call.url === '/api/Interview/WebCall/abc')?.method).toBe('POST');
    expect(calls.find((call) => call.url === `${ROOM}/start`)?.method).toBe('POST');

    await user.click(screen.getByRole('button', { name: 'End Interview' }));
    await user.click(screen.getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(screen.getByTestId('call-status')).toHaveAttribute('data-state', 'ended'));
    expect(screen.getByTestId('call-status')).toHaveTextContent('Interview ended');
    expect(calls.some((call) => call.url === `${ROOM}/end`)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'), { timeout: 4000 });
  });

  it('follows the end the simulator reports (the interviewer hung up)', async () => {
    const sim = server();
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('checkbox', { name: /recorded and analysed/ }));
    await user.click(screen.getByRole('button', { name: 'Join Interview' }));
    await waitFor(() => expect(screen.getByTestId('call-status')).toHaveAttribute('data-state', 'in-progress'));
    sim.hangUp();
    await waitFor(() => expect(screen.getByTestId('call-status')).toHaveAttribute('data-state', 'ended'), { timeout: 2500 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'), { timeout: 4000 });
  });

  it("shows the server's reason when the link is not open", async () => {
    server({ webCall: () => json(409, { message: 'The meeting link has been disabled.', code: 'link_disabled' }) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('checkbox', { name: /recorded and analysed/ }));
    await user.click(screen.getByRole('button', { name: 'Join Interview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The meeting link has been disabled.');
    expect(screen.getByRole('link', { name: 'Back to your invite' })).toHaveAttribute('href', '/nextstep?inviteId=abc');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('explains a refused microphone', async () => {
    server();
    stubMicrophone(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Test microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Microphone access was blocked.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a level meter for a working microphone and releases it on Join', async () => {
    server();
    const stop = vi.fn();
    stubMicrophone(() => Promise.resolve({ getTracks: () => [{ stop }] }));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Test microphone' }));
    expect(await screen.findByRole('meter', { name: 'Microphone level' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText(/Your microphone is on/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /recorded and analysed/ }));
    await user.click(screen.getByRole('button', { name: 'Join Interview' }));
    expect(stop).toHaveBeenCalled();
  });

  it("shows 'No data found.' for an unknown invite, and below it what to do", async () => {
    mockFetch(() => json(404, notFound));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'No data found.' })).toBeInTheDocument();
    expect(screen.getByTestId('link-expired')).toHaveTextContent(
      'This link has expired or is not valid. Ask the recruiter who sent it for a new one.',
    );
  });

  it('shows the thank-you view once the interview is completed', async () => {
    mockFetch(() => json(200, { ...invite, showPageId: 3 }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for completing your interview.' })).toBeInTheDocument();
  });
});
