import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { InterviewStatusBadge } from '../components/badges';
import { splitSkills } from '../components/interview-analysis';
import { CandidateAnalysisRoute, usableCallId } from './candidate-analysis';
import { EVIDENCE } from '@/testing/interview-evidence';

const DETAILS = {
  resumeId: 5,
  candidateName: 'Priya Sharma',
  jobName: 'QA Lead',
  jobDescId: 7,
  jdid: 'jd-abc',
  candidateEmail: 'priya@example.com',
  candidatePhone: '+91 98765 43210',
  fileName: 'priya.pdf',
  filePath: '/api/Drive/ResumeFile/f-5',
  resumeFileId: 'f-5',
  atsScore: 72,
  skillsMatchScore: 60,
  recommendation: 'Pass',
  analysisSummary: 'Solid QA background.',
  matchedSkills: ['Java'],
  missingSkills: ['JMeter'],
  experienceYears: 5,
  requiredYears: 3,
  analysisStatus: 'done',
  analysisError: null,
  scoringVersion: '1',
  callId: null as string | null,
  interviewStatus: null,
  inviteStatus: null as string | null,
  interviewDateTime: null as string | null,
  nextStepDetails: null as Record<string, unknown> | null,
  source: 'uploaded' as string,
  application: null as Record<string, unknown> | null,
};

const ANALYSIS = {
  callId: 'call-1',
  interviewStatus: 'pass',
  technicalScore: 80,
  communicationScore: 65,
  problemSolvingScore: null,
  summary: 'Clear about test strategy.',
  keySkills: 'Java, Selenium, , SQL, Java',
  keyTakeways: 'Ready for a senior role.',
  experience: '5 years in QA automation.',
  audioLink: '/api/Voice/recordings/call-1?sig=abc',
  candidateName: 'Priya Sharma',
  ...EVIDENCE,
};

const NEXT_STEP = {
  totalExp: 5,
  relevantExp: 1,
  currentCTC: 12.5,
  expectedCTC: 18,
  noticePeriod: 30,
  servingNotice: 'No',
  organization: 'Acme Corp',
  reasonForLeaving: 'Growth',
  lastWorkingDate: '2026-04-30',
  currentLocation: 'Pune',
  hometown: 'Nagpur',
  faridabadOffice: 'Yes',
  relocateDays: 15,
  skills: 'Java, Selenium',
  additionalInfo: '',
  submittedAt: '2026-03-02T06:15:00Z',
};

const analysisFound: Handler = () => json(200, ANALYSIS);

function server({ details = DETAILS, analysis = analysisFound }: { details?: typeof DETAILS; analysis?: Handler } = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.path === '/Interview/ResumeDetails') return json(200, [details]);
    if (url.pathname.startsWith('/api/Interview/InterviewAnalysis/')) return analysis(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderAt = (callId: string) =>
  renderRoutes([{ path: '/candidate/analysis/:resumeId/:callId', element: <CandidateAnalysisRoute /> }], {
    at: `/candidate/analysis/5/${callId}`,
  });

const analysisCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/Interview/InterviewAnalysis/'));

describe('CandidateAnalysisRoute: Interview Analysis', () => {
  it('shows the call analysis: status, score bars, summary, skills, takeaways, experience and the recording', async () => {
    seedSession();
    const { calls } = server();
    renderAt('call-1');
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    const region = screen.getByRole('region', { name: 'Interview Analysis' });
    const body = await within(region).findByTestId('interview-analysis');
    expect(analysisCalls(calls).map((call) => call.url)).toEqual(['/api/Interview/InterviewAnalysis/call-1']);

    const badge = within(region).getByTestId('interview-status-badge');
    expect(badge).toHaveTextContent('Pass');
    expect(badge.className).toContain('bg-emerald-50');

    expect(within(body).getByRole('meter', { name: 'Technical' })).toHaveAttribute('aria-valuenow', '80');
    expect(within(body).getByRole('meter', { name: 'Communication' })).toHaveAttribute('aria-valuenow', '65');
    expect(within(body).getByRole('meter', { name: 'Problem Solving' })).toHaveAttribute('aria-valuetext', 'Not scored');
    expect(body).toHaveTextContent('80%');
    expect(within(body).getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(body).toHaveTextContent('Clear about test strategy.');
    expect(
      within(within(body).getByRole('list', { name: 'Key Skills' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Java', 'Selenium', 'SQL']);
    expect(within(body).getByRole('heading', { name: 'Key Takeaways' })).toBeInTheDocument();
    expect(body).toHaveTextContent('Ready for a senior role.');
    expect(within(body).getByRole('heading', { name: 'Experience' })).toBeInTheDocument();
    expect(body).toHaveTextContent('5 years in QA automation.');

    expect(within(body).getByText('Interview Recording')).toBeInTheDocument();
    expect(within(body).getByTestId('recording-audio')).toHaveAttribute('src', ANALYSIS.audioLink);
    expect(within(body).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(body).getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(within(body).getByLabelText('Seek')).toBeInTheDocument();
  });

  it("uses the resume's call id when the link carries none", async () => {
    seedSession();
    const { calls } = server({
      details: { ...DETAILS, callId: 'call-9' },
      analysis: () => json(200, { ...ANALYSIS, callId: 'call-9', interviewStatus: 'fail' }),
    });
    renderAt('0');
    const badge = await screen.findByTestId('interview-status-badge');
    expect(badge).toHaveTextContent('Fail');
    expect(badge.className).toContain('bg-red-50');
    expect(analysisCalls(calls).map((call) => call.url)).toEqual(['/api/Interview/InterviewAnalysis/call-9']);
  });

  it.each(['0', 'null', 'undefined'])("has no Interview Analysis for call id '%s' and none on the resume", async (callId) => {
    seedSession();
    const { calls } = server();
    renderAt(callId);
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    expect(screen.getByRole('region', { name: 'Resume Analysis' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Interview Analysis' })).not.toBeInTheDocument();
    expect(analysisCalls(calls)).toHaveLength(0);
  });

  it('shows a skeleton while loading and hides the whole section when the fetch fails', async () => {
    seedSession();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    server({ analysis: () => new Promise((resolve) => (answer = resolve)) });
    renderAt('call-1');
    const region = await screen.findByRole('region', { name: 'Interview Analysis' });
    expect(within(region).getByTestId('interview-analysis-skeleton')).toBeInTheDocument();
    answer(json(404, { message: 'Analysis not available', code: 'not_found' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Interview Analysis' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Resume Analysis' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load the interview analysis', expect.anything());
  });

  it('colours the outcome: pass green, fail red, anything else yellow', () => {
    const { rerender } = render(<InterviewStatusBadge value="pass" testId="b" />);
    expect(screen.getByTestId('b').className).toContain('emerald');
    rerender(<InterviewStatusBadge value="FAIL" testId="b" />);
    expect(screen.getByTestId('b').className).toContain('red');
    rerender(<InterviewStatusBadge value="Needs Review" testId="b" />);
    expect(screen.getByTestId('b').className).toContain('amber');
    expect(screen.getByTestId('b')).toHaveTextContent('Needs Review');
  });
});

describe('CandidateAnalysisRoute: Next Step Details', () => {
  it('lists the answers with units, the invite status and the slot in local time', async () => {
    seedSession();
    server({ details: { ...DETAILS, inviteStatus: 'Scheduled', interviewDateTime: '2026-11-25T09:30:00', nextStepDetails: NEXT_STEP } });
    renderAt('0');
    const region = await screen.findByRole('region', { name: 'Next Step Details' });
    const details = within(region).getByTestId('next-step-details');
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value('Total Experience')).toBe('5 years');
    expect(value('Relevant Experience')).toBe('1 year');
    expect(value('Current CTC')).toBe('12.5 LPA');
    expect(value('Expected CTC')).toBe('18 LPA');
    expect(value('Notice Period')).toBe('30 days');
    expect(value('Serving Notice')).toBe('No');
    expect(value('Reason for Leaving')).toBe('Growth');
    expect(value('Last Working Date')).toBe('Apr 30, 2026');
    expect(value('Current Organization')).toBe('Acme Corp');
    expect(value('Willing to Work from Faridabad Office')).toBe('Yes');
    expect(value('Days Needed to Relocate')).toBe('15 days');
    expect(value('Additional Information')).toBe('—');
    expect(within(details).getByTestId('invite-status')).toHaveTextContent('Scheduled');
    expect(within(details).getByTestId('interview-time')).toHaveTextContent(/^Nov 25, 2026, 9:30\sAM UTC$/);
    expect(details).toHaveTextContent(/Submitted Mar 2, 2026, 6:15\sAM/);
    // Shown once: in the section, not again in the header.
    expect(screen.getAllByTestId('invite-status')).toHaveLength(1);
  });

  it('hides the reason and last working date while serving notice', async () => {
    seedSession();
    server({ details: { ...DETAILS, nextStepDetails: { ...NEXT_STEP, servingNotice: 'Yes', reasonForLeaving: '', lastWorkingDate: '' } } });
    renderAt('0');
    const details = await screen.findByTestId('next-step-details');
    expect(within(details).getByText('Serving Notice').nextElementSibling).toHaveTextContent('Yes');
    expect(within(details).queryByText('Reason for Leaving')).not.toBeInTheDocument();
    expect(within(details).queryByText('Last Working Date')).not.toBeInTheDocument();
  });

  it('has no section before the candidate submits; the invite status shows in the header', async () => {
    seedSession();
    server({ details: { ...DETAILS, inviteStatus: 'Invited' } });
    renderAt('0');
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    expect(screen.queryByRole('region', { name: 'Next Step Details' })).not.toBeInTheDocument();
    expect(screen.getByTestId('invite-status')).toHaveTextContent('Invited');
  });
});

describe('CandidateAnalysisRoute: Expand All / Collapse All', () => {
  it('opens and closes every section on the page', async () => {
    seedSession();
    server({ details: { ...DETAILS, nextStepDetails: NEXT_STEP } });
    const user = userEvent.setup();
    renderAt('call-1');
    await screen.findByTestId('interview-analysis');
    expect(screen.getByTestId('next-step-details')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    expect(screen.queryByTestId('interview-analysis')).not.toBeInTheDocument();
    expect(screen.queryByTestId('next-step-details')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'ATS Score' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand All' }));
    expect(screen.getByTestId('interview-analysis')).toBeInTheDocument();
    expect(screen.getByTestId('next-step-details')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'ATS Score' })).toBeInTheDocument();

    // One section closed is enough for the button to offer Expand All.
    await user.click(screen.getByRole('button', { name: 'Interview Analysis' }));
    expect(screen.getByRole('button', { name: 'Interview Analysis' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Expand All' })).toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('usableCallId drops the placeholders', () => {
    expect(usableCallId('call-1')).toBe('call-1');
    expect(usableCallId(' 0 ')).toBeNull();
    expect(usableCallId('NULL')).toBeNull();
    expect(usableCallId('undefined')).toBeNull();
    expect(usableCallId('')).toBeNull();
    expect(usableCallId(undefined)).toBeNull();
  });

  it('splitSkills trims, drops blanks and repeats', () => {
    expect(splitSkills(' Java ,SQL,, Java')).toEqual(['Java', 'SQL']);
    expect(splitSkills(null)).toEqual([]);
  });
});

describe('CandidateAnalysisRoute: delete', () => {
  it("asks in the app's dialog, not the browser's, and deletes only on Delete", async () => {
    seedSession();
    const confirm = vi.spyOn(window, 'confirm');
    const { calls } = mockFetch((call) => {
      if (call.path === '/Drive/DeleteResume') return json(200, { message: 'Resume deleted successfully.' });
      if (call.path === '/Interview/ResumeDetails') return json(200, [DETAILS]);
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/candidate/analysis/:resumeId/:callId', element: <CandidateAnalysisRoute /> },
        { path: '/candidates', element: <h1>Candidate List</h1> },
      ],
      { at: '/candidate/analysis/5/0' },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete resume' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete resume' });
    expect(within(dialog).getByText('Are you sure you want to delete this resume?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/Drive/DeleteResume')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete resume' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete resume' })).getByRole('button', { name: 'Delete' }));
    // Opened straight on this page, there is no page to go back to: the Candidate List it is.
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidates'));
    expect(calls.filter((call) => call.path === '/Drive/DeleteResume')).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('CandidateAnalysisRoute: the application', () => {
  it('shows an applicant’s note, when they applied, the notice they agreed to and how often they applied', async () => {
    seedSession();
    server({
      details: {
        ...DETAILS,
        source: 'applied',
        application: {
          note: 'I led QA for a payments app.\nHappy to relocate.',
          appliedAt: '2026-03-02T06:15:00Z',
          timesApplied: 2,
          consentVersion: '2026-01',
          consentedAt: '2026-03-04T08:00:00Z',
        },
      },
    });
    renderAt('0');
    const application = await screen.findByRole('region', { name: 'Application' });
    expect(within(application).getByTestId('application-summary')).toHaveTextContent(
      'Applied Mar 2, 2026 · consent 2026-01 on Mar 4, 2026 · applied 2 times',
    );
    expect(within(application).getByTestId('application-note')).toHaveTextContent('I led QA for a payments app. Happy to relocate.');
    expect(screen.getByTestId('source')).toHaveTextContent('Applied');
  });

  it('has no application section for an uploaded resume', async () => {
    seedSession();
    server();
    renderAt('0');
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    expect(screen.queryByRole('region', { name: 'Application' })).not.toBeInTheDocument();
    expect(screen.getByTestId('source')).toHaveTextContent('Uploaded');
  });
});
