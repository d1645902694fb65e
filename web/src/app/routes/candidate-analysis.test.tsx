import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { board, card, pipelineServer } from '@/features/pipeline/testing/fixtures';
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

describe('CandidateAnalysisPage stage bar', () => {
  const PRIYA = card(5, 'Priya Sharma', 'interviewed', { stageChangedAt: '2026-03-01T06:15:00Z', interviewStatus: 'Pass' });

  function stageServer() {
    return pipelineServer({
      board: () => json(200, board([card(4, 'Asha Rao', 'screened'), PRIYA])),
      other: (call) => {
        if (call.path === '/Interview/ResumeDetails') return json(200, [{ ...DETAILS, boardCard: PRIYA }]);
        if (call.path === '/Pipeline/Scorecards') return json(200, { resumeId: 5, interviewed: false, ai: null, scorecards: [] });
        if (call.path === '/Activity') return json(200, { events: [], nextBefore: null });
        return json(404, { message: 'Not found', code: 'not_found' });
      },
    });
  }

  it("shows the stage, the ATS recommendation in the spec's words, and moves the candidate from the page", async () => {
    seedSession();
    const { calls } = stageServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/candidate/analysis/:resumeId/:callId', element: <CandidateAnalysisPage /> }], {
      at: '/candidate/analysis/5/0',
    });

    const bar = await screen.findByRole('region', { name: 'Stage' });
    expect(within(bar).getByTestId('current-stage')).toHaveTextContent('Interviewed');
    expect(within(bar).getByText('Next: Review the interview')).toBeInTheDocument();
    // The stage comes with the candidate's record: the board is not searched for them.
    expect(calls.some((call) => call.path === '/Pipeline/Board')).toBe(false);
    expect(screen.getByTestId('selection-badge')).toHaveTextContent('Selected');
    expect(screen.getByText('ATS recommendation')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Move Priya Sharma to…' }));
    await user.click(screen.getByRole('menuitem', { name: 'Shortlisted' }));
    const move = await vi.waitFor(() => {
      const found = calls.find((call) => call.path === '/Pipeline/Move');
      if (!found) throw new Error('no move yet');
      return found;
    });
    expect(move.body).toEqual({ candidates: [{ resumeId: 5, fromStage: 'interviewed' }], stage: 'shortlisted' });
  });

  it("rejects with e-mail through the board's decision dialog", async () => {
    seedSession();
    stageServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/candidate/analysis/:resumeId/:callId', element: <CandidateAnalysisPage /> }], {
      at: '/candidate/analysis/5/0',
    });

    const bar = await screen.findByRole('region', { name: 'Stage' });
    await user.click(within(bar).getByRole('button', { name: 'Reject with e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Priya Sharma' });
    expect(within(dialog).getByRole('checkbox', { name: /e-mail/i })).toBeChecked();
  });
});
