import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { CandidateListPage } from './candidate-list';

const row = (resumeId: number, name: string, stage: string) => ({
  candidateName: name,
  candidateEmail: `${name.toLowerCase()}@example.com`,
  candidatePhone: '',
  jdname: 'QA Lead',
  jdid: 'jd-7',
  jobDescId: 7,
  atsscore: 72,
  recommendation: 'Pass',
  interviewStatus: null,
  resumeId,
  callId: null,
  uploadedAt: '2026-03-01T10:00:00Z',
  analysisStatus: 'done',
  inviteStatus: null,
  interviewDateTime: null,
  stage,
  stageReason: null,
});

const TEMPLATES = [
  {
    kind: 'rejection',
    subject: 'Your application for {{jobTitle}}',
    body: 'Dear {{candidateName}},\n\nNo.',
    updatedAt: null,
    updatedBy: null,
  },
  { kind: 'advance', subject: 'Next steps', body: 'Good news.', updatedAt: null, updatedBy: null },
];

function server() {
  let rows = [row(1, 'Asha', 'interviewed'), row(2, 'Bea', 'screened')];
  return mockFetch((call) => {
    if (call.path === '/Drive/GetAllCandidates') return json(200, rows);
    if (call.path === '/Settings/EmailTemplates') return json(200, TEMPLATES);
    if (call.path === '/Pipeline/EmailPreview')
      return json(200, { to: 'asha@example.com', subject: 'Your application for QA Lead', body: 'Dear Asha,\n\nNo.' });
    if (call.path === '/Pipeline/Move') {
      const body = call.body as { candidates: Array<{ resumeId: number }>; stage: string; email?: unknown };
      rows = rows.map((r) => (body.candidates.some((c) => c.resumeId === r.resumeId) ? { ...r, stage: body.stage } : r));
      return json(200, {
        moved: body.candidates.map(({ resumeId }) => ({ resumeId, stage: body.stage, inviteCancelled: false })),
        emailsSent: body.email ? body.candidates.length : 0,
        notEmailed: [],
      });
    }
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const moves = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/Pipeline/Move').map((call) => call.body);

describe('candidate list stage actions', () => {
  it('rejects the selected rows with an e-mail, each from the stage the list showed', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPage(<CandidateListPage />, { path: '/candidates' });
    const table = within(await screen.findByRole('table'));
    expect(screen.queryByTestId('stage-actions')).not.toBeInTheDocument();
    await user.click(table.getByRole('checkbox', { name: 'Select all candidates on this page' }));

    await user.click(within(screen.getByTestId('stage-actions')).getByRole('button', { name: 'Reject with e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 2 candidates' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Position filled');
    expect(await within(dialog).findByTestId('preview-subject')).toHaveTextContent('Your application for QA Lead');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('2 candidates moved to Rejected. 2 e-mails sent.')).toBeInTheDocument();
    expect(moves(calls)).toEqual([
      {
        candidates: [
          { resumeId: 1, fromStage: 'interviewed' },
          { resumeId: 2, fromStage: 'screened' },
        ],
        stage: 'rejected',
        reason: 'Position filled',
        email: { subject: 'Your application for {{jobTitle}}', body: 'Dear {{candidateName}},\n\nNo.' },
      },
    ]);
    // The moved rows leave the selection and the list shows their new stage.
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0');
    await waitFor(() => expect(table.getAllByTestId('stage').map((el) => el.textContent)).toEqual(['Rejected', 'Rejected']));
  });

  it('moves the selection to a stage at once, and refuses a move someone selected cannot make', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPage(<CandidateListPage />, { path: '/candidates' });
    const table = within(await screen.findByRole('table'));
    await user.click(table.getByRole('checkbox', { name: 'Select all candidates on this page' }));
    const bar = within(screen.getByTestId('stage-actions'));
    const select = bar.getByLabelText('Move selected to');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a stage', 'Shortlisted', 'Offer', 'Hired', 'Withdrawn']);
    expect(bar.getByRole('button', { name: 'Move' })).toBeDisabled();

    await user.selectOptions(select, 'offer');
    await user.click(bar.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Bea (Screened) cannot move to Offer.')).toBeInTheDocument();
    expect(moves(calls)).toEqual([]);

    await user.selectOptions(select, 'shortlisted');
    await user.click(bar.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('2 candidates moved to Shortlisted.')).toBeInTheDocument();
    expect(moves(calls)).toEqual([
      {
        candidates: [
          { resumeId: 1, fromStage: 'interviewed' },
          { resumeId: 2, fromStage: 'screened' },
        ],
        stage: 'shortlisted',
      },
    ]);
  });

  it('asks for a reason before withdrawing the selection', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPage(<CandidateListPage />, { path: '/candidates' });
    const table = within(await screen.findByRole('table'));
    await user.click(table.getByRole('checkbox', { name: 'Select Asha' }));
    const bar = within(screen.getByTestId('stage-actions'));
    await user.selectOptions(bar.getByLabelText('Move selected to'), 'withdrawn');
    await user.click(bar.getByRole('button', { name: 'Move' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Asha' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Took another offer');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(moves(calls)).toEqual([
        { candidates: [{ resumeId: 1, fromStage: 'interviewed' }], stage: 'withdrawn', reason: 'Took another offer' },
      ]),
    );
  });
});
