import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { CandidateListRoute } from './candidate-list';
import { JdCandidatesRoute } from './jd-candidates';

const candidate = (resumeId: number, name: string, stage: string, stageReason: string | null = null) => ({
  candidateName: name,
  candidateEmail: `${name.toLowerCase()}@example.com`,
  candidatePhone: '+91 98765 43210',
  jdname: 'QA Lead',
  jdid: 'jd-7',
  jobDescId: 7,
  atsscore: 72,
  atsScore: 72,
  recommendation: 'Pass',
  interviewStatus: null,
  resumeId,
  callId: null,
  uploadedAt: '2026-03-01T10:00:00Z',
  createdOn: '2026-03-01T10:00:00Z',
  analysisStatus: 'done',
  inviteStatus: null,
  interviewDateTime: null,
  stage,
  stageReason,
});

const ROWS = [candidate(1, 'Asha', 'shortlisted'), candidate(2, 'Bea', 'rejected', 'Chose a candidate with more Rust')];

/** Answers each list with the rows in the asked stage (all without `stage`). */
function server() {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    const stage = url.searchParams.get('stage');
    const rows = stage ? ROWS.filter((row) => row.stage === stage) : ROWS;
    if (call.path === '/Drive/GetAllCandidates' || call.path === '/Drive/ViewJDResumes') return json(200, rows);
    if (call.path === '/Drive/GetJDByID') return json(200, { jobDescId: 7, jdid: 'jd-7', jdname: 'QA Lead', resumeRequired: true });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

describe('candidate lists: stages', () => {
  it('shows each row’s stage, with the reason of an ended candidacy as its tooltip', async () => {
    seedSession();
    server();
    renderPage(<CandidateListRoute />, { path: '/candidates' });
    const table = within(await screen.findByRole('table'));
    expect(table.getByRole('columnheader', { name: 'Stage' })).toBeInTheDocument();
    const [asha, bea] = table.getAllByTestId('candidate-row');
    expect(within(asha!).getByTestId('stage')).toHaveTextContent('Shortlisted');
    expect(within(asha!).getByTestId('stage')).not.toHaveAttribute('title');
    expect(within(bea!).getByTestId('stage')).toHaveTextContent('Rejected');
    expect(within(bea!).getByTestId('stage')).toHaveAttribute('title', 'Chose a candidate with more Rust');
  });

  it('filters by stage on the server and keeps the stage in the URL, back to page 1', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    const { router } = renderPage(<CandidateListRoute />, { path: '/candidates', at: '/candidates?page=2' });
    await screen.findByRole('table');
    const select = screen.getByLabelText('Stage');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All stages',
      'New',
      'Screened',
      'Invited',
      'Scheduled',
      'Interviewed',
      'Shortlisted',
      'Offer',
      'Hired',
      'Rejected',
      'Withdrawn',
    ]);
    await user.selectOptions(select, 'rejected');

    await waitFor(() => expect(router.state.location.search).toBe('?stage=rejected'));
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(1));
    expect(calls.at(-1)!.url).toBe('/api/Drive/GetAllCandidates?page=1&pageSize=10&sort=newest&stage=rejected');

    await user.selectOptions(select, '');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(2));
  });

  it('reads the stage filter from the URL on the JD list', async () => {
    seedSession();
    const { calls } = server();
    renderPage(<JdCandidatesRoute />, { path: '/candidate-details/:jdid', at: '/candidate-details/jd-7?stage=shortlisted' });
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(1));
    expect(screen.getByLabelText('Stage')).toHaveValue('shortlisted');
    expect(calls.some((call) => call.url === '/api/Drive/ViewJDResumes?jdId=jd-7&page=1&pageSize=10&sort=newest&stage=shortlisted')).toBe(
      true,
    );
  });
});
