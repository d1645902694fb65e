import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { candidateKeys } from '../api/types';
import { JdCandidatesRoute } from './jd-candidates';

const JD = { jobDescId: 7, jdid: 'jd-abc', jdname: 'QA Lead', resumeRequired: true };

const resume = (resumeId: number, name: string, recommendation: string, extra: Record<string, unknown> = {}) => ({
  overallMatchPercentage: 70,
  recommendation,
  resumeId,
  jobDescId: 7,
  jdid: 'jd-abc',
  resumeFileId: `f-${resumeId}`,
  fileName: 'cv.pdf',
  fileType: 'pdf',
  filePath: `/api/Drive/ResumeFile/f-${resumeId}`,
  candidateName: name,
  candidateEmail: `${name.toLowerCase()}@example.com`,
  candidatePhone: '+1 555 0100',
  createdOn: '2026-03-01T10:00:00Z',
  isAnalyzed: true,
  isActive: true,
  modifiedOn: '2026-03-01T10:00:00Z',
  atsScore: recommendation === 'Pass' ? 80 : 30,
  skillsMatchScore: 60,
  callId: null,
  interviewStatus: null,
  analysisStatus: 'done',
  analysisError: null,
  inviteStatus: null,
  interviewDateTime: null,
  ...extra,
});

const RESUMES = [
  resume(1, 'Asha', 'Pass', {
    inviteStatus: 'Completed',
    interviewDateTime: '2026-03-02T08:00:00',
    interviewStatus: 'Pass',
    callId: 'call-1',
  }),
  resume(2, 'Bea', 'Pass'),
  resume(3, 'Chen', 'Fail', { inviteStatus: 'Closed' }),
];

function server(invite: Handler) {
  return mockFetch((call) => {
    if (call.path === '/Drive/GetJDByID') return json(200, JD);
    if (call.path === '/Drive/ViewJDResumes') return json(200, RESUMES);
    if (call.path === '/Voice/assistants') return json(200, [{ id: 'a-1', name: 'Ava' }]);
    if (call.path === '/Interview/SendInvites') return invite(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderList = () =>
  renderRoutes([{ path: '/candidate-details/:jdid', element: <JdCandidatesRoute /> }], { at: '/candidate-details/jd-abc' });

describe('JdCandidatesRoute invites', () => {
  it("invites every Pass candidate of the JD with 'Invite all Pass'", async () => {
    seedSession();
    const { calls } = server(() =>
      json(200, { sent: 1, resent: 0, skipped: [{ resumeId: 1, candidateName: 'Asha', reason: 'Interview already completed' }] }),
    );
    const user = userEvent.setup();
    renderList();
    const table = within(await screen.findByRole('table'));
    expect(table.getAllByTestId('invite-status').map((badge) => badge.textContent)).toEqual(['Completed', 'Closed']);

    // Offered once the JD's Pass candidates are counted.
    await user.click(await screen.findByRole('button', { name: 'Invite all Pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite all Pass candidates' });
    expect(dialog).toHaveTextContent('Every candidate of QA Lead with a Pass recommendation (2)');
    // The only assistant is chosen already.
    await waitFor(() => expect(within(dialog).getByLabelText(/^AI assistant/)).toHaveValue('a-1'));
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));

    const result = await screen.findByTestId('invite-result');
    expect(result).toHaveTextContent('Invites sent: 1 · re-sent: 0 · skipped: 1');
    expect(result).toHaveTextContent('Asha: Interview already completed');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ jobDescId: 7, assistantId: 'a-1', allPass: true });
  });

  it('sends the selected rows of the JD', async () => {
    seedSession();
    const { calls } = server(() => json(200, { sent: 1, resent: 0, skipped: [] }));
    const user = userEvent.setup();
    renderList();
    const table = within(await screen.findByRole('table'));
    await user.click(table.getByRole('checkbox', { name: 'Select Chen' }));
    const page = table.getByRole('checkbox', { name: 'Select all candidates on this page' });
    expect(page).toBePartiallyChecked();
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    // Chen's recommendation is Fail: the recruiter confirms first.
    const warning = await screen.findByRole('dialog', { name: 'Invite candidates marked Fail?' });
    expect(within(warning).getByTestId('fail-warning')).toHaveTextContent('Chen has a Fail recommendation from the ATS.');
    await user.click(within(warning).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send interview invites' });
    expect(dialog).toHaveTextContent('1 selected candidate gets an e-mail');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send invites' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByTestId('invite-result')).toHaveTextContent('Invites sent: 1 · re-sent: 0 · skipped: 0');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ jobDescId: 7, assistantId: 'a-1', resumeIds: [3] });
    expect(table.getByRole('checkbox', { name: 'Select Chen' })).not.toBeChecked();
    expect(page).not.toBePartiallyChecked();
  });

  it('selects and clears the whole page', async () => {
    seedSession();
    server(() => json(200, { sent: 0, resent: 0, skipped: [] }));
    const user = userEvent.setup();
    renderList();
    const table = within(await screen.findByRole('table'));
    const page = table.getByRole('checkbox', { name: 'Select all candidates on this page' });
    await user.click(page);
    expect(screen.getByTestId('selected-count')).toHaveTextContent('3');
    expect(table.getAllByRole('checkbox', { name: /^Select (Asha|Bea|Chen)$/ }).every((box) => (box as HTMLInputElement).checked)).toBe(
      true,
    );
    await user.click(page);
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0');
    await user.click(page);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeDisabled();
  });

  it('asks before inviting Fail candidates, and Cancel invites nobody', async () => {
    seedSession();
    const { calls } = server(() => json(200, { sent: 0, resent: 0, skipped: [] }));
    const user = userEvent.setup();
    renderList();
    const table = within(await screen.findByRole('table'));
    await user.click(table.getByRole('checkbox', { name: 'Select all candidates on this page' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const warning = await screen.findByRole('dialog', { name: 'Invite candidates marked Fail?' });
    expect(within(warning).getByTestId('fail-warning')).toHaveTextContent('Chen has a Fail recommendation from the ATS.');
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Pass candidates alone go straight to the invite.
    await user.click(table.getByRole('checkbox', { name: 'Select Chen' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByRole('dialog', { name: 'Send interview invites' })).toHaveTextContent('2 selected candidates get an e-mail');
  });
});

describe('JdCandidatesRoute for a CSV JD', () => {
  const imported = (resumeId: number, name: string) =>
    resume(resumeId, name, '', {
      recommendation: null,
      atsScore: null,
      overallMatchPercentage: null,
      analysisStatus: 'no_resume',
      isAnalyzed: false,
      resumeFileId: null,
      filePath: null,
      fileName: null,
      fileType: null,
    });

  it('shows no analysis progress, no score chart and no Invite all Pass', async () => {
    seedSession();
    mockFetch((call) => {
      if (call.path === '/Drive/GetJDByID') return json(200, { ...JD, resumeRequired: false });
      if (call.path === '/Drive/ViewJDResumes') return json(200, [imported(1, 'Meera'), imported(2, 'Kabir')]);
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const { queryClient } = renderList();
    const table = within(await screen.findByRole('table'));
    expect(table.getAllByTestId('analysis-state').map((badge) => badge.textContent)).toEqual(['No resume', 'No resume']);
    // The whole list (behind the progress, the chart and the Pass count) has answered too.
    await waitFor(() => expect(queryClient.getQueryState(candidateKeys.jdAll('jd-abc'))?.status).toBe('success'));
    expect(screen.queryByTestId('analysis-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Score distribution' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite all Pass' })).not.toBeInTheDocument();
  });
});
