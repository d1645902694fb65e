import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { assistantsQueryKey } from '@/lib/queries/assistants';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler, RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { CandidateListRoute } from './candidate-list';

const candidate = (resumeId: number, name: string, jobDescId: number, jdname: string, extra: Record<string, unknown> = {}) => ({
  candidateName: name,
  candidateEmail: `${name.toLowerCase()}@example.com`,
  candidatePhone: '+91 98765 43210',
  jdname,
  jdid: `jd-${jobDescId}`,
  jobDescId,
  atsscore: 72,
  recommendation: 'Pass',
  interviewStatus: null,
  resumeId,
  callId: null,
  uploadedAt: '2026-03-01T10:00:00Z',
  fileName: 'cv.pdf',
  analysisStatus: 'done',
  inviteStatus: null,
  interviewDateTime: null,
  ...extra,
});

const PAGE_1 = [
  candidate(1, 'Asha', 7, 'QA Lead', { inviteStatus: 'Scheduled', interviewDateTime: '2026-11-25T09:30:00' }),
  candidate(2, 'Bea', 9, 'Rust Developer', { inviteStatus: 'Invited' }),
];
const PAGE_2 = [candidate(3, 'Chen', 7, 'QA Lead')];
const ASSISTANTS = [
  { id: 'a-1', name: 'Ava', createdAt: '2026-03-01T00:00:00Z' },
  { id: 'a-2', name: 'Bo', createdAt: '2026-03-01T00:00:00Z' },
];

/** Answers the list by page and the assistants; `invite` answers each SendInvites call. */
function server(invite: Handler = () => json(200, { sent: 0, resent: 0, skipped: [] }), assistants: Handler = () => json(200, ASSISTANTS)) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.path === '/Drive/GetAllCandidates') return json(200, url.searchParams.get('page') === '2' ? PAGE_2 : PAGE_1);
    if (call.path === '/Voice/assistants') return assistants(call);
    if (call.path === '/Interview/SendInvites') return invite(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const listGets = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/Drive/GetAllCandidates').length;
const table = () => within(screen.getByRole('table'));

async function selectAcrossPages(user: ReturnType<typeof userEvent.setup>, router: { navigate: (to: string) => Promise<void> }) {
  await screen.findByRole('table');
  await user.click(table().getByRole('checkbox', { name: 'Select all candidates on this page' }));
  expect(screen.getByTestId('selected-count')).toHaveTextContent('2');
  await router.navigate('/candidates?page=2');
  await table().findByRole('link', { name: 'Chen' });
  // The page checkbox is for this page only: nothing here is selected yet.
  expect(table().getByRole('checkbox', { name: 'Select all candidates on this page' })).not.toBeChecked();
  await user.click(table().getByRole('checkbox', { name: 'Select Chen' }));
  expect(screen.getByTestId('selected-count')).toHaveTextContent('3');
}

describe('CandidateListRoute invites', () => {
  it('shows the invite status with the slot in local time', async () => {
    seedSession();
    server();
    renderPage(<CandidateListRoute />, { path: '/candidates' });
    const row = (await screen.findAllByTestId('candidate-row'))[0]!;
    expect(within(row).getByTestId('invite-status')).toHaveTextContent('Scheduled');
    // Tests run with TZ=UTC: the zone-less value is read as UTC, not shifted.
    expect(within(row).getByTestId('interview-time')).toHaveTextContent(/^Nov 25, 2026, 9:30\sAM UTC$/);
    expect(within(row).getByTestId('interview-time')).toHaveAttribute('datetime', '2026-11-25T09:30:00.000Z');
    expect(within(screen.getAllByTestId('candidate-row')[1]!).getByTestId('invite-status')).toHaveTextContent('Invited');
  });

  it('keeps the selection across pages, sends one call per JD and reports the result', async () => {
    seedSession();
    const { calls } = server((call) => {
      const body = call.body as { jobDescId: number };
      return body.jobDescId === 7
        ? json(200, { sent: 1, resent: 1, skipped: [] })
        : json(200, { sent: 0, resent: 0, skipped: [{ resumeId: 2, candidateName: 'Bea', reason: 'No e-mail address' }] });
    });
    const user = userEvent.setup();
    const { router } = renderPage(<CandidateListRoute />, { path: '/candidates' });

    expect(screen.getByRole('button', { name: 'Send invite' })).toBeDisabled();
    await selectAcrossPages(user, router);

    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send interview invites' });
    expect(dialog).toHaveTextContent('3 selected candidates from 2 job descriptions');
    const select = within(dialog).getByLabelText(/^AI assistant/);
    await within(dialog).findByRole('option', { name: 'Bo' });
    expect(within(dialog).getByRole('button', { name: 'Send invites' })).toBeDisabled();
    await user.selectOptions(select, 'a-2');
    const before = listGets(calls);
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));

    const result = await screen.findByTestId('invite-result');
    expect(within(result).getByTestId('invite-result-summary')).toHaveTextContent('Invites sent: 1 · re-sent: 1 · skipped: 1');
    expect(within(result).getByText('Bea: No e-mail address')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual(['/api/Interview/SendInvites', '/api/Interview/SendInvites']);
    expect(posts.map((call) => call.body)).toEqual([
      { jobDescId: 7, assistantId: 'a-2', resumeIds: [1, 3] },
      { jobDescId: 9, assistantId: 'a-2', resumeIds: [2] },
    ]);
    // Cleared after the invite; the list is fetched again for the new invite states.
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0');
    await waitFor(() => expect(listGets(calls)).toBeGreaterThan(before));

    await user.click(within(result).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('invite-result')).not.toBeInTheDocument();
  });

  it("keeps the failed JD's rows selected and names the JD with the server's message", async () => {
    seedSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = server((call) =>
      (call.body as { jobDescId: number }).jobDescId === 9
        ? json(404, { message: 'Invalid JD ID.', code: 'not_found' })
        : json(200, { sent: 2, resent: 0, skipped: [] }),
    );
    const user = userEvent.setup();
    const { router } = renderPage(<CandidateListRoute />, { path: '/candidates' });
    await selectAcrossPages(user, router);
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Ava' });
    await user.selectOptions(within(dialog).getByLabelText(/^AI assistant/), 'a-1');
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));

    const result = await screen.findByTestId('invite-result');
    expect(result).toHaveTextContent('Invites sent: 2 · re-sent: 0 · skipped: 0');
    expect(within(result).getByTestId('invite-failures')).toHaveTextContent('Not sent for Rust Developer: Invalid JD ID.');
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it("stays in the dialog with the server's message when nothing was sent", async () => {
    seedSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server(() => json(404, { message: 'Assistant not found', code: 'not_found' }));
    const user = userEvent.setup();
    renderPage(<CandidateListRoute />, { path: '/candidates' });
    await screen.findByRole('table');
    await user.click(table().getByRole('checkbox', { name: 'Select Asha' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Ava' });
    await user.selectOptions(within(dialog).getByLabelText(/^AI assistant/), 'a-1');
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Assistant not found');
    expect(screen.queryByTestId('invite-result')).not.toBeInTheDocument();
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers 'No assistants available' for an empty list and 'Could not load assistants.' on failure", async () => {
    seedSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    server(undefined, () => (fail ? json(502, { message: 'Could not load assistants.', code: 'provider_unavailable' }) : json(200, [])));
    const user = userEvent.setup();
    const { queryClient } = renderPage(<CandidateListRoute />, { path: '/candidates' });
    await screen.findByRole('table');
    await user.click(table().getByRole('checkbox', { name: 'Select Asha' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('option', { name: 'No assistants available' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send invites' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fail = true;
    queryClient.removeQueries({ queryKey: assistantsQueryKey });
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Could not load assistants.')).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'No assistants available' })).toBeInTheDocument();
  });
});
