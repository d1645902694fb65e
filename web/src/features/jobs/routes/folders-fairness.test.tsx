import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { FoldersRoute } from './folders';

const folder = (jobDescId: number, jdname: string) => ({
  jobDescId,
  jdid: `jd-${jobDescId}`,
  jdname,
  jddescription: '<p>x</p>',
  keySkills: 'Go',
  createdOn: '2026-03-01T10:00:00Z',
  numberOfResumes: 12,
  resumesAnalyzed: 12,
});

const FLAG = { jobDescId: 7, jobTitle: 'Platform Engineer', steps: ['atsScore'], groups: ['Female'] };

function server({ reports }: { reports: boolean }) {
  return mockFetch((call) => {
    if (call.path === '/Drive/JDFolders') return json(200, [folder(7, 'Platform Engineer'), folder(8, 'Data Analyst')]);
    if (call.path === '/auth/me') return json(200, { userFullName: 'Rita', email: 'rita@example.com', role: 'recruiter', reports });
    if (call.path === '/Reports/FairnessFlags') return reports ? json(200, [FLAG]) : json(403, { code: 'forbidden', message: 'No' });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

describe('JD folders: the four-fifths badge', () => {
  it('marks the flagged JD, and only it, for those who may see reports', async () => {
    seedSession();
    server({ reports: true });
    renderPage(<FoldersRoute />, { path: '/folders', at: '/folders' });
    const flagged = (await screen.findByRole('heading', { name: 'Platform Engineer' })).closest('li');
    expect(await within(flagged as HTMLElement).findByTestId('fairness-badge')).toHaveTextContent('Fairness check');
    const other = screen.getByRole('heading', { name: 'Data Analyst' }).closest('li');
    expect(within(other as HTMLElement).queryByTestId('fairness-badge')).not.toBeInTheDocument();
  });

  it('is not shown, nor asked for, without the reports permission', async () => {
    seedSession();
    const { calls } = server({ reports: false });
    renderPage(<FoldersRoute />, { path: '/folders', at: '/folders' });
    expect(await screen.findByRole('heading', { name: 'Platform Engineer' })).toBeInTheDocument();
    expect(screen.queryByTestId('fairness-badge')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/Reports/FairnessFlags')).toBe(false);
  });
});
