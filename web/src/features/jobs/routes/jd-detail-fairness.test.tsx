import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { JdDetailRoute } from './jd-detail';

const JD = {
  jobDescId: 7,
  jdid: 'jd-7',
  jdname: 'Platform Engineer',
  jddescription: '<p>Run the platform.</p>',
  keySkills: 'Go',
  additionalNotes: '',
  experience: '',
  createdOn: '2026-03-01T10:00:00Z',
  applyLastDate: null,
  resumeRequired: false,
};

const FLAG = { jobDescId: 7, jobTitle: 'Platform Engineer', steps: ['atsRecommendation', 'atsScore'], groups: ['Female'] };

function server({ reports }: { reports: boolean }) {
  return mockFetch((call) => {
    if (call.path === '/Drive/GetJDByID') return json(200, JD);
    if (call.path === '/auth/me') return json(200, { userFullName: 'Rita', email: 'rita@example.com', role: 'recruiter', reports });
    if (call.path === '/Reports/FairnessFlags') return reports ? json(200, [FLAG]) : json(403, { code: 'forbidden', message: 'No' });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderJd = () => renderPage(<JdDetailRoute />, { path: '/jd/:jdid', at: '/jd/jd-7' });

describe('JD detail: the four-fifths warning', () => {
  it('names the groups and steps under the line, with a way to the audit, for those who may see reports', async () => {
    seedSession();
    server({ reports: true });
    renderJd();
    const flag = await screen.findByTestId('fairness-flag');
    expect(flag).toHaveTextContent('Female fall under four-fifths');
    expect(flag).toHaveTextContent('the ATS recommendation, the ATS score');
    expect(screen.getByRole('link', { name: 'See the bias audit' })).toHaveAttribute('href', '/settings/fairness');
  });

  it('is not shown, nor asked for, without the reports permission', async () => {
    seedSession();
    const { calls } = server({ reports: false });
    renderJd();
    expect(await screen.findByRole('heading', { name: 'Platform Engineer' })).toBeInTheDocument();
    expect(screen.queryByTestId('fairness-flag')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/Reports/FairnessFlags')).toBe(false);
  });
});
