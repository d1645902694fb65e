import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { RecordedCall } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { RECEIVED, TOKEN, portalServer as server } from '../testing/server';
import { ApplicationRoute, ERASURE_SENT, LINK_NOT_VALID } from './application';

const renderAt = (token = TOKEN) =>
  renderRoutes([{ path: '/application/:token', element: <ApplicationRoute /> }], { at: `/application/${token}` });
const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.url);

describe('the candidate’s own page', () => {
  it('shows the job, the organisation, when they applied and the status in words with its step, never a score', async () => {
    server(RECEIVED);
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByText(/applied on/)).toHaveTextContent('Priya Sharma, you applied on Monday, March 2, 2026.');
    expect(screen.getByTestId('application-status')).toHaveTextContent('We received your application.');
    const progress = screen.getByRole('list', { name: 'Progress' });
    expect(
      within(progress)
        .getAllByTestId('step-label')
        .map((step) => step.textContent),
    ).toEqual(['Received, current step', 'In review, to come', 'Interview, to come', 'Decision, to come']);
    expect(within(progress).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByTestId('application-interview')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/score|%/i);
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', `/api/Application/${TOKEN}/Data`);
  });

  it('shows a booked interview in the viewer’s time with the way to it', async () => {
    server({
      ...RECEIVED,
      status: 'interviewBooked',
      statusText: 'Your interview is booked.',
      interviewAt: '2026-03-10T09:30:00Z',
      interviewLink: 'http://hire.example/nextstep?inviteId=inv-1',
    });
    renderAt();
    const interview = await screen.findByTestId('application-interview');
    // npm test runs in UTC.
    expect(within(interview).getByTestId('interview-date')).toHaveTextContent('Tuesday, March 10, 2026');
    expect(within(interview).getByTestId('interview-time')).toHaveTextContent('9:30 AM UTC');
    expect(within(interview).getByRole('link', { name: 'Open your interview page' })).toHaveAttribute(
      'href',
      'http://hire.example/nextstep?inviteId=inv-1',
    );
    expect(
      within(screen.getByRole('list', { name: 'Progress' }))
        .getAllByRole('listitem')
        .map((step) => step.getAttribute('data-state')),
    ).toEqual(['done', 'done', 'current', 'upcoming']);
  });

  it('withdraws after asking, and then offers it no more', async () => {
    const { calls } = server(RECEIVED);
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    expect(dialog).toHaveTextContent('Acme will stop considering you for Platform Engineer.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([`/api/Application/${TOKEN}/Withdraw`]);
    expect(screen.getByTestId('application-status')).toHaveTextContent('This application is withdrawn.');
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByText('You withdrew this application.')).toBeInTheDocument();
  });

  it('says why a withdrawal was refused', async () => {
    server(RECEIVED, { withdraw: 409 });
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This application can no longer be withdrawn.');
  });

  it('cannot withdraw once a decision is made', async () => {
    server({ ...RECEIVED, status: 'decisionMade', statusText: 'A decision has been made.', canWithdraw: false });
    renderAt();
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByText(/can no longer be withdrawn/)).toBeInTheDocument();
  });

  it('asks for erasure after saying what it means, then says an administrator will confirm it', async () => {
    const { calls } = server(RECEIVED);
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Ask to erase my data' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask us to erase your data?' });
    expect(dialog).toHaveTextContent('An administrator at Acme will erase everything held about you');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to erase my data' }));
    expect(await screen.findByTestId('erasure-requested')).toHaveTextContent(ERASURE_SENT);
    expect(posts(calls)).toEqual([`/api/Application/${TOKEN}/Erasure`]);
    expect(screen.getByRole('button', { name: 'Ask to erase my data' })).toBeDisabled();
  });

  it('says plainly when the link is not valid', async () => {
    server(null);
    renderAt('not-a-real-token');
    expect(await screen.findByRole('heading', { level: 1, name: LINK_NOT_VALID })).toBeInTheDocument();
    expect(screen.getByTestId('application-not-found')).toHaveTextContent('Please open the full link');
  });
});
