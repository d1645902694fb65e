import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { ERASURE_EMPTY, ERASURE_FAILED, ErasureRequestsRoute, READ_ONLY_NOTE } from './erasure-requests';

const PENDING = {
  id: 4,
  candidateName: 'Priya Sharma',
  email: 'priya@example.com',
  jobTitle: 'Platform Engineer',
  requestedAt: '2026-03-02T06:15:00Z',
  state: 'pending',
  decidedAt: null,
  decidedBy: null,
  decisionNote: null,
};
const DECLINED = {
  id: 3,
  candidateName: '',
  email: '',
  jobTitle: 'QA Lead',
  requestedAt: '2026-02-20T10:00:00Z',
  state: 'declined',
  decidedAt: '2026-02-21T10:00:00Z',
  decidedBy: 'Admin User',
  decisionNote: 'Legal hold',
};
const ERASED = { ...DECLINED, id: 2, state: 'erased', decisionNote: null, jobTitle: 'Support Desk' };

type Options = {
  role?: 'admin' | 'recruiter';
  list?: () => { status: number; body?: unknown };
  confirm?: () => { status: number; body?: unknown };
};

function server({ role = 'admin', list = () => json(200, [PENDING, DECLINED, ERASED]), confirm }: Options = {}) {
  return mockFetch((call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    if (call.path === '/auth/me') return json(200, { email: 'me@example.com', userFullName: 'Me', role });
    if (call.path === '/Settings/ErasureRequests') return list();
    if (url.pathname === '/api/Settings/ErasureRequests/4/Confirm')
      return confirm?.() ?? json(200, { request: { ...PENDING, state: 'erased' }, candidates: 2, files: 2, calls: 1, mails: 3 });
    if (url.pathname === '/api/Settings/ErasureRequests/4/Decline') return json(200, { ...PENDING, state: 'declined' });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderPageAt = () => renderPage(<ErasureRequestsRoute />, { path: '/settings/erasure-requests' });
const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

describe('ErasureRequestsRoute', () => {
  it('lists the requests, waiting first, with who decided the others', async () => {
    seedSession();
    server();
    renderPageAt();
    expect(screen.getByRole('link', { name: 'Erasure requests' })).toHaveAttribute('href', '/settings/erasure-requests');
    const rows = await screen.findAllByTestId('erasure-request');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['pending', 'declined', 'erased']);
    expect(rows[0]).toHaveTextContent('Priya Sharma');
    expect(rows[0]).toHaveTextContent('priya@example.com');
    expect(rows[0]).toHaveTextContent('Platform Engineer');
    expect(rows[0]).toHaveTextContent('Mar 2, 2026');
    expect(within(rows[0]!).getByTestId('erasure-state')).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Declined by Admin User on Feb 21, 2026');
    expect(rows[1]).toHaveTextContent('Reason: Legal hold');
    expect(rows[2]).toHaveTextContent('Erased by Admin User on Feb 21, 2026');
    // Only the waiting request can be decided.
    expect(await within(rows[0]!).findByRole('button', { name: /^Confirm/ })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('confirms after saying that everything about the address is erased for good', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPageAt();
    const [row] = await screen.findAllByTestId('erasure-request');
    await user.click(await within(row!).findByRole('button', { name: 'Confirm the request of Priya Sharma' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase the data of Priya Sharma?' });
    expect(within(dialog).getByTestId('erasure-warning')).toHaveTextContent(
      'This erases everything held about priya@example.com, in every job: their applications, resumes, analyses, interview calls and recordings, and the e-mails sent to them. It cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Erase everything' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls).map((call) => call.url)).toEqual(['/api/Settings/ErasureRequests/4/Confirm']);
    expect(
      await screen.findByText('priya@example.com: Erased 2 candidate records, 2 files, 1 interview call and 3 e-mails.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal when another admin decided first', async () => {
    seedSession();
    server({ confirm: () => json(409, { code: 'state_changed', message: 'This request was decided already.' }) });
    const user = userEvent.setup();
    renderPageAt();
    const [row] = await screen.findAllByTestId('erasure-request');
    await user.click(await within(row!).findByRole('button', { name: /^Confirm/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase everything' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This request was decided already.');
  });

  it('declines only with a reason', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPageAt();
    const [row] = await screen.findAllByTestId('erasure-request');
    await user.click(await within(row!).findByRole('button', { name: 'Decline the request of Priya Sharma' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the request of Priya Sharma?' });
    const decline = within(dialog).getByRole('button', { name: 'Decline request' });
    expect(decline).toBeDisabled();
    const reason = within(dialog).getByLabelText(/Reason/);
    await user.type(reason, '   ');
    expect(within(dialog).getByText('Please say why the data is kept.')).toBeInTheDocument();
    await user.type(reason, 'Legal hold until the audit ends');
    await user.click(decline);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/Settings/ErasureRequests/4/Decline',
      body: { reason: 'Legal hold until the audit ends' },
    });
  });

  it('is read-only for a recruiter', async () => {
    seedSession();
    server({ role: 'recruiter' });
    renderPageAt();
    await screen.findAllByTestId('erasure-request');
    expect(await screen.findByText(READ_ONLY_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirm|Decline/ })).not.toBeInTheDocument();
  });

  it('says when there is none, and when the list could not be loaded (with Retry)', async () => {
    seedSession();
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server({ list: () => (fail ? json(500, { message: 'Internal error', code: 'internal' }) : json(200, [])) });
    const user = userEvent.setup();
    renderPageAt();
    expect(await screen.findByText(ERASURE_FAILED, undefined, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ERASURE_EMPTY)).toBeInTheDocument();
  });
});
