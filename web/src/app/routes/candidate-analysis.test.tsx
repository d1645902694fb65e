import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { CandidateAnalysisPage } from './candidate-analysis';

const DETAILS = {
  resumeId: 5,
  candidateName: 'Priya Sharma',
  jobName: 'QA Lead',
  jobDescId: 7,
  jdid: 'jd-abc',
  candidateEmail: 'priya@example.com',
  candidatePhone: '',
  fileName: 'priya.pdf',
  filePath: null,
  resumeFileId: 'f-5',
  atsScore: 72,
  skillsMatchScore: 60,
  recommendation: 'Pass',
  analysisSummary: 'Solid QA background.',
  matchedSkills: [],
  missingSkills: [],
  experienceYears: null,
  requiredYears: null,
  analysisStatus: 'done',
  analysisError: null,
  scoringVersion: '1',
  callId: null,
  interviewStatus: null,
  inviteStatus: null,
  interviewDateTime: null,
  nextStepDetails: null,
};

const EVENT = {
  id: 3,
  at: '2026-03-02T06:15:00Z',
  kind: 'uploaded',
  actor: { kind: 'recruiter', recruiterId: 1, name: 'Admin User' },
  resumeId: 5,
  jobDescId: 7,
  jdid: 'jd-abc',
  jdname: 'QA Lead',
  candidateName: 'Priya Sharma',
  summary: 'Uploaded resume priya.pdf',
  detail: {},
};

function server() {
  return mockFetch((call) => {
    if (call.path === '/Interview/ResumeDetails') return json(200, [DETAILS]);
    if (call.path === '/Pipeline/Scorecards') return json(200, { resumeId: 5, interviewed: false, ai: null, scorecards: [] });
    if (call.path === '/Activity') return json(200, { events: [EVENT], nextBefore: null });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

describe('CandidateAnalysisPage', () => {
  it('adds the Scorecards and Timeline sections, which Expand All / Collapse All open and close too', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderRoutes([{ path: '/candidate/analysis/:resumeId/:callId', element: <CandidateAnalysisPage /> }], {
      at: '/candidate/analysis/5/0',
    });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });

    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .filter((id) => id?.startsWith('section-'));
    expect(regions).toEqual(['section-resume-analysis-title', 'section-scorecards-title', 'section-timeline-title']);
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('Uploaded resume priya.pdf')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Scorecards' })).getByText(/once the candidate has been interviewed/),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/Pipeline/Scorecards?resumeId=5', '/api/Activity?resumeId=5&limit=20']),
    );

    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(screen.queryByText('Uploaded resume priya.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scorecards' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('progressbar', { name: 'ATS Score' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(screen.getByText('Uploaded resume priya.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scorecards' })).toHaveAttribute('aria-expanded', 'true');

    // One new section closed is enough for the button to offer Expand All.
    await user.click(screen.getByRole('button', { name: 'Timeline' }));
    expect(screen.queryByText('Uploaded resume priya.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand All' })).toBeInTheDocument();
  });
});
