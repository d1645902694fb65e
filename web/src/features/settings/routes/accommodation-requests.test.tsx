import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { ANSWERED_FIRST } from '../components/answer-accommodation-dialog';
import { AccommodationRequestsRoute, REQUESTS_EMPTY } from './accommodation-requests';

const PENDING = {
  id: 5,
  resumeId: 41,
  candidateName: 'Priya Sharma',
  jobTitle: 'Platform Engineer',
  jobDescId: 7,
  message: 'A written interview instead of a call, please.',
  requestedAt: '2026-03-02T06:15:00Z',
  state: 'pending',
  answeredAt: null,
  answeredBy: null,
  answer: null,
};
const ANSWERED = {
  ...PENDING,
  id: 4,
  candidateName: 'Sam Roy',
  state: 'answered',
  answeredAt: '2026-03-01T10:00:00Z',
  answeredBy: 'Admin User',
  answer: 'Of course: we will send you the questions by e-mail.',
};

function server({ answer }: { answer?: (call: RecordedCall) => ReturnType<typeof json> } = {}) {
  let list: unknown[] = [PENDING, ANSWERED];
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, { email: 'me@example.com', userFullName: 'Me', role: 'recruiter', reports: false });
    if (call.path === '/Settings/AccommodationRequests') return json(200, list);
    if (call.path === '/Settings/AccommodationRequests/{id}/Answer') {
      const body = call.body as { answer: string };
      list = [{ ...PENDING, state: 'answered', answer: body.answer, answeredBy: 'Me', answeredAt: '2026-03-03T09:00:00Z' }, ANSWERED];
      return answer?.(call) ?? json(200, list);
    }
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderRequests = () => renderPage(<AccommodationRequestsRoute />, { path: '/settings/requests' });

describe('AccommodationRequestsRoute', () => {
  it('lists the requests, waiting first, and answers one with a required answer', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderRequests();
    const rows = await screen.findAllByTestId('accommodation-request');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['pending', 'answered']);
    expect(rows[0]).toHaveTextContent('Priya Sharma');
    expect(rows[0]).toHaveTextContent(PENDING.message);
    expect(within(rows[0]!).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute('href', '/candidate/analysis/41/0');
    expect(rows[1]).toHaveTextContent('Answered by Admin User on Mar 1, 2026');
    expect(rows[1]).toHaveTextContent(ANSWERED.answer);
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Answer Priya Sharma' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer Priya Sharma' });
    expect(dialog).toHaveTextContent(PENDING.message);
    const send = within(dialog).getByRole('button', { name: 'Send answer' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Your answer/), 'Yes: we will send the questions in writing.');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Your answer was e-mailed to Priya Sharma.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      { url: '/api/Settings/AccommodationRequests/5/Answer', body: { answer: 'Yes: we will send the questions in writing.' } },
    ]);
    expect(screen.getAllByTestId('accommodation-request')[0]).toHaveAttribute('data-state', 'answered');
  });

  it('says when a colleague answered first, and shows the list as it is now', async () => {
    seedSession();
    const { calls } = server({ answer: () => json(409, { code: 'state_changed', message: 'This request was answered already.' }) });
    const user = userEvent.setup();
    renderRequests();
    const [row] = await screen.findAllByTestId('accommodation-request');
    await user.click(within(row!).getByRole('button', { name: /^Answer/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Your answer/), 'Yes.');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ANSWERED_FIRST);
    await waitFor(() => expect(calls.filter((call) => call.path === '/Settings/AccommodationRequests')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByTestId('accommodation-request')[0]).toHaveAttribute('data-state', 'answered');
  });

  it('says when there is none', async () => {
    seedSession();
    mockFetch((call) => (call.path === '/Settings/AccommodationRequests' ? json(200, []) : json(200, {})));
    renderRequests();
    expect(await screen.findByText(REQUESTS_EMPTY)).toBeInTheDocument();
  });
});
