import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { CandidateListRoute } from './candidate-list';
import { JdCandidatesRoute } from './jd-candidates';

const candidate = (resumeId: number, name: string) => ({
  candidateName: name,
  candidateEmail: `${name.toLowerCase()}@example.com`,
  candidatePhone: '+91 98765 43210',
  jdname: 'QA Lead',
  jdid: 'jd-7',
  jobDescId: 7,
  atsscore: 72,
  atsScore: 72,
  recommendation: 'Pass',
  interviewStatus: 'Needs Review',
  resumeId,
  callId: 'call-1',
  uploadedAt: '2026-03-01T10:00:00Z',
  createdOn: '2026-03-01T10:00:00Z',
  analysisStatus: 'done',
  inviteStatus: 'Completed',
  interviewDateTime: null,
  stage: 'interviewed',
});

const FOLDERS = [
  { jdid: 'jd-9', jobDescId: 9, jdname: 'Rust Developer' },
  { jdid: 'jd-7', jobDescId: 7, jdname: 'QA Lead' },
];

function server() {
  return mockFetch((call) => {
    if (call.path === '/Drive/GetAllCandidates' || call.path === '/Drive/ViewJDResumes')
      return json(200, [candidate(1, 'Asha'), candidate(2, 'Bea')]);
    if (call.path === '/Drive/JDFolders') return json(200, FOLDERS);
    if (call.path === '/Drive/GetJDByID') return json(200, { jobDescId: 7, jdid: 'jd-7', jdname: 'QA Lead', resumeRequired: true });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

/** The query of the latest request to a list. */
const lastList = (calls: RecordedCall[], path: string) =>
  new URL(calls.filter((call) => call.url.startsWith(path)).at(-1)!.url, 'http://x').searchParams;

describe('candidate list filters', () => {
  it('narrows by JD, interview outcome and rows per page, kept in the URL and sent to the server', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    const { router } = renderPage(<CandidateListRoute />, { path: '/candidates' });
    await screen.findByRole('table');

    const job = screen.getByLabelText('Job');
    // JDs by name, from the folders.
    await within(job).findByRole('option', { name: 'Rust Developer' });
    expect(
      within(job)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All jobs', 'QA Lead', 'Rust Developer']);
    await user.selectOptions(job, 'jd-9');
    await user.selectOptions(screen.getByLabelText('Interview'), 'Needs Review');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');

    await waitFor(() => expect(lastList(calls, '/api/Drive/GetAllCandidates').get('pageSize')).toBe('50'));
    const sent = lastList(calls, '/api/Drive/GetAllCandidates');
    expect([sent.get('jdId'), sent.get('interviewStatus'), sent.get('page')]).toEqual(['jd-9', 'Needs Review', '1']);
    expect(router.state.location.search).toBe('?job=jd-9&interviewStatus=Needs+Review&pageSize=50');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?pageSize=50');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('starts from the filters in the URL', async () => {
    seedSession();
    const { calls } = server();
    renderPage(<CandidateListRoute />, { path: '/candidates', at: '/candidates?interviewStatus=Fail&pageSize=20&job=jd-7&sort=oldest' });
    await screen.findByRole('table');
    const sent = lastList(calls, '/api/Drive/GetAllCandidates');
    expect(Object.fromEntries(sent)).toMatchObject({ interviewStatus: 'Fail', pageSize: '20', jdId: 'jd-7', sort: 'oldest' });
    expect(screen.getByLabelText('Interview')).toHaveValue('Fail');
    expect(screen.getByLabelText('Sort by')).toHaveValue('oldest');
    await waitFor(() => expect(screen.getByLabelText('Job')).toHaveValue('jd-7'));
  });

  it('sorts by a column header on a JD’s list, which has no job filter', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    const { router } = renderPage(<JdCandidatesRoute />, { path: '/candidate-details/:jdid', at: '/candidate-details/jd-7' });
    const table = within(await screen.findByRole('table'));
    expect(screen.queryByLabelText('Job')).not.toBeInTheDocument();

    const name = table.getByRole('columnheader', { name: /Candidate/ });
    expect(name).toHaveAttribute('aria-sort', 'none');
    await user.click(within(name).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=name');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(lastList(calls, '/api/Drive/ViewJDResumes').get('sort')).toBe('name'));

    await user.selectOptions(screen.getByLabelText('ATS recommendation'), 'Fail');
    await waitFor(() => expect(lastList(calls, '/api/Drive/ViewJDResumes').get('recommendation')).toBe('Fail'));
    expect(lastList(calls, '/api/Drive/ViewJDResumes').get('jdId')).toBe('jd-7');
  });

  it('shows how each candidate came in, and narrows a JD’s list by source in the URL and on the server', async () => {
    seedSession();
    const { calls } = mockFetch((call) => {
      if (call.path === '/Drive/ViewJDResumes')
        return json(200, [
          { ...candidate(1, 'Asha'), source: 'applied' },
          { ...candidate(2, 'Bea'), source: 'csv' },
        ]);
      if (call.path === '/Drive/GetJDByID') return json(200, { jobDescId: 7, jdid: 'jd-7', jdname: 'QA Lead', resumeRequired: true });
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    const { router } = renderPage(<JdCandidatesRoute />, { path: '/candidate-details/:jdid', at: '/candidate-details/jd-7' });
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByTestId('candidate-row');
    expect(within(rows[0]!).getByTestId('source')).toHaveTextContent('Applied');
    expect(rows[0]).toHaveTextContent('Source: Applied');
    expect(within(rows[1]!).getByTestId('source')).toHaveTextContent('CSV');

    const source = screen.getByLabelText('Source');
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All sources', 'Applied', 'Uploaded', 'CSV']);
    await user.selectOptions(source, 'applied');
    expect(router.state.location.search).toBe('?source=applied');
    await waitFor(() => expect(lastList(calls, '/api/Drive/ViewJDResumes').get('source')).toBe('applied'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });
});
