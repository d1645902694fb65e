import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { REPORT } from '../testing/fixtures';
import { FORBIDDEN, ReportsRoute } from './reports';

const ME = { email: 'admin@example.com', userFullName: 'Admin User', role: 'admin', reports: true };
const FOLDERS = [
  {
    jdid: 'jd-a',
    jdname: 'Platform Engineer',
    jobDescId: 7,
    createdOn: '2026-01-01T00:00:00Z',
    jddescription: '',
    keySkills: '',
    numberOfResumes: 0,
    resumesAnalyzed: 0,
  },
];

function server(answer: (call: RecordedCall) => ReturnType<typeof json> = () => json(200, REPORT)) {
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, ME);
    if (call.path === '/Drive/JDFolders') return json(200, FOLDERS);
    if (call.path === '/Reports/Hiring') return answer(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const reports = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/Reports/Hiring');

afterEach(() => vi.restoreAllMocks());

describe('ReportsRoute', () => {
  it('draws the funnel with pass-through and links every count to its candidates', async () => {
    seedSession();
    server();
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports?from=2026-02-01&to=2026-02-28' });
    const funnel = await screen.findByTestId('funnel-report');
    expect(within(funnel).getByTestId('funnel-progress')).toHaveTextContent('Finished 4 · In progress 3 · Rejected 2 · Withdrawn 1');
    const invited = within(funnel).getByTestId('funnel-bars-invited');
    expect(invited).toHaveTextContent('5');
    expect(invited).toHaveAttribute('href', '/candidates?reached=invited&addedFrom=2026-02-01&addedTo=2026-02-28');
    // Pass-through over the finished: 2 of the 3 who reached Invited went on.
    expect(invited.parentElement).toHaveTextContent('67% went on');
    expect(within(funnel).getByRole('link', { name: '4 invites sent' })).toHaveAttribute(
      'href',
      '/candidates?fact=inviteSent&addedFrom=2026-02-01&addedTo=2026-02-28',
    );
    const table = within(funnel).getByRole('table', { name: "The funnel's numbers by stage" });
    const invitedRow = within(table).getByRole('row', { name: /^Invited/ });
    expect(Array.from(invitedRow.children, (cell) => cell.textContent)).toEqual(['Invited', '5', '1', '0', '3', '67%']);
  });

  it('shows one job’s funnel on request, its links narrowed to the job', async () => {
    seedSession();
    server();
    const user = userEvent.setup();
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports' });
    const funnel = await screen.findByTestId('funnel-report');
    await user.selectOptions(within(funnel).getByLabelText('Funnel of'), 'jd-b');
    expect(within(funnel).getByTestId('funnel-bars-new')).toHaveAttribute(
      'href',
      '/candidates?job=jd-b&reached=new&addedFrom=2026-02-01&addedTo=2026-02-28',
    );
    expect(within(funnel).getByTestId('funnel-bars-shortlisted')).toHaveTextContent('0');
  });

  it('shows durations, sources, AI interview rates and recruiters', async () => {
    seedSession();
    server();
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports' });
    expect(await screen.findByTestId('time-hire')).toHaveTextContent('Time to hire10 daysmedian · p90 10 days · over 1 hired');
    expect(screen.getByTestId('time-interview')).toHaveTextContent('4 days');
    expect(screen.getByTestId('stage-days-screened')).toHaveTextContent('1 day');
    expect(screen.getByTestId('source-bars-uploaded').parentElement).toHaveTextContent('67% Pass');
    expect(screen.getByTestId('rate-completion')).toHaveTextContent('50%');
    expect(screen.getByTestId('rate-no-show')).toHaveTextContent('33%1 of 3 booked interviews');
    expect(within(screen.getByTestId('recruiters-report')).getAllByText('Admin User').length).toBeGreaterThan(0);
  });

  it('links the no-shows and each recruiter’s numbers to the candidates behind them', async () => {
    seedSession();
    server();
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports' });
    const noShows = within(await screen.findByTestId('rate-no-show')).getByRole('link', { name: '1 no-shows' });
    expect(noShows).toHaveAttribute('href', '/candidates?fact=noShow&addedFrom=2026-02-01&addedTo=2026-02-28');
    const recruiters = screen.getByTestId('recruiters-report');
    expect(within(recruiters).getAllByRole('link', { name: '2 scorecards by Admin User' })[0]).toHaveAttribute(
      'href',
      '/candidates?scorecardBy=1&actedFrom=2026-02-01&actedTo=2026-02-28',
    );
    expect(within(recruiters).getAllByRole('link', { name: '7 decisions by Admin User' })[0]).toHaveAttribute(
      'href',
      '/candidates?decidedBy=1&actedFrom=2026-02-01&actedTo=2026-02-28',
    );
  });

  it('keeps the filters in the URL and asks again with them', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports?from=2026-02-01' });
    await screen.findByTestId('funnel-report');
    expect(reports(calls)[0]?.query.get('from')).toBe('2026-02-01');
    await user.selectOptions(screen.getByLabelText('Job'), 'jd-a');
    await vi.waitFor(() => expect(reports(calls).at(-1)?.query.get('jdId')).toBe('jd-a'));
  });

  it('says who may see reports when the server refuses, and names the bounds of a period it refuses', async () => {
    seedSession();
    server(() => json(403, { message: 'Forbidden', code: 'forbidden' }));
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports' });
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument();
  });

  it('shows the server’s words for a period outside the limits', async () => {
    seedSession();
    server(() => json(400, { message: 'A report covers at most 731 days; 2024-01-01 to 2026-01-01 is 732 days.', code: 'validation' }));
    renderPage(<ReportsRoute />, { path: '/reports', at: '/reports?from=2024-01-01&to=2026-01-01' });
    expect(await screen.findByText(/at most 731 days/)).toBeInTheDocument();
  });
});
