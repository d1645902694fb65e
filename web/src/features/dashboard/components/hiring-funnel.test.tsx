import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { DashboardRoute } from '../routes/dashboard';
import { FUNNEL_EMPTY } from './hiring-funnel';

const STAGES = [
  ['new', 'New'],
  ['screened', 'Screened'],
  ['invited', 'Invited'],
  ['scheduled', 'Scheduled'],
  ['interviewed', 'Interviewed'],
  ['shortlisted', 'Shortlisted'],
  ['offer', 'Offer'],
  ['hired', 'Hired'],
] as const;

const funnel = (jdid: string, jdname: string, reached: number[], rejected: number, withdrawn: number) => ({
  jobDescId: 1,
  jdid,
  jdname,
  sources: { applied: reached[0]! - 4, uploaded: 4, csv: 0 },
  steps: STAGES.map(([stage, label], index) => ({
    stage,
    label,
    reached: reached[index] ?? 0,
    current: 0,
    conversion: index > 0 && (reached[index - 1] ?? 0) > 0 ? (reached[index] ?? 0) / (reached[index - 1] ?? 1) : null,
  })),
  rejected,
  withdrawn,
});

const FUNNELS = [funnel('jd-new', 'Rust Engineer', [10, 8, 4, 3, 3, 1, 1, 1], 2, 1), funnel('jd-old', 'QA Lead', [5, 5, 0], 4, 0)];

function server(funnels: unknown) {
  return mockFetch((call) => {
    if (call.path === '/Interview/Dashboard') return json(200, [{ ResumesUploaded: 3 }]);
    if (call.path === '/Pipeline/Funnel') return json(200, funnels);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('Hiring Funnel card', () => {
  it("shows the first JD's steps New → Hired with counts, conversions, rejected and withdrawn; the select picks another", async () => {
    seedSession();
    const { calls } = server(FUNNELS);
    const user = userEvent.setup();
    renderPage(<DashboardRoute />);
    const card = (await screen.findByRole('heading', { name: 'Hiring Funnel' })).closest('section')!;
    await within(card).findByTestId('funnel-new');
    // The dashboard's counts are still asked first.
    expect(calls.map((call) => call.url)).toEqual(['/api/Interview/Dashboard', '/api/Pipeline/Funnel']);
    expect(screen.getByTestId('dashboard-resumes-uploaded')).toHaveTextContent('3');

    expect(within(card).getByRole('combobox', { name: 'Job' })).toHaveValue('jd-new');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(STAGES.map(([, label]) => label));
    expect(text('funnel-new-reached')).toBe('10');
    // The head of the funnel: how the ten came in.
    expect(screen.getByTestId('funnel-sources')).toHaveTextContent('How they came in: Applied 6 · Uploaded 4 · CSV 0');
    expect(screen.queryByTestId('funnel-new-conversion')).not.toBeInTheDocument();
    expect(text('funnel-screened-conversion')).toContain('80%');
    expect(text('funnel-invited-conversion')).toContain('50%');
    expect(text('funnel-scheduled-conversion')).toContain('75%');
    expect(text('funnel-shortlisted-conversion')).toContain('33%');
    expect(text('funnel-hired-reached')).toBe('1');
    expect(screen.getByTestId('funnel-screened-bar').style.width).toBe('80%');
    expect(text('funnel-rejected')).toBe('2');
    expect(text('funnel-withdrawn')).toBe('1');
    expect(within(card).getByRole('link', { name: 'Activity of this job' })).toHaveAttribute('href', '/activity?jdId=jd-new');

    await user.selectOptions(within(card).getByRole('combobox', { name: 'Job' }), 'jd-old');
    expect(text('funnel-new-reached')).toBe('5');
    expect(text('funnel-source-applied')).toBe('1');
    expect(text('funnel-screened-conversion')).toContain('100%');
    expect(text('funnel-invited-conversion')).toContain('0%');
    expect(text('funnel-scheduled-conversion')).toContain('—');
    expect(text('funnel-rejected')).toBe('4');
  });

  it('shows a move past the interview steps as reached, moved past, and no invite: the overview says the same 0', async () => {
    seedSession();
    // One candidate moved from Screened straight to Shortlisted, as the server counts them.
    const moved = funnel('jd-moved', 'Support Lead', [1, 1, 1, 1, 1, 1, 0, 0], 0, 0);
    const steps = moved.steps.map((step) => ({ ...step, skipped: ['invited', 'scheduled', 'interviewed'].includes(step.stage) ? 1 : 0 }));
    mockFetch((call) => {
      if (call.path === '/Interview/Dashboard') return json(200, [{ ResumesUploaded: 1, TotalInviteSent: 0 }]);
      if (call.path === '/Pipeline/Funnel')
        return json(200, [{ ...moved, steps, facts: { invitesSent: 0, slotsBooked: 0, interviewsCompleted: 0 } }]);
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    renderPage(<DashboardRoute />);
    await screen.findByTestId('funnel-invited');
    expect(text('funnel-invited-reached')).toBe('1');
    expect(text('funnel-invited-skipped')).toBe('1 moved past it by a person');
    expect(text('funnel-interviewed-skipped')).toBe('1 moved past it by a person');
    expect(screen.queryByTestId('funnel-shortlisted-skipped')).not.toBeInTheDocument();
    expect(text('funnel-invites-sent')).toBe('0');
    expect(text('funnel-invites-sent')).toBe(text('dashboard-invites-sent'));
  });

  it('says so when no JD has candidates yet', async () => {
    seedSession();
    server([]);
    renderPage(<DashboardRoute />);
    expect(await screen.findByText(FUNNEL_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Job' })).not.toBeInTheDocument();
  });
});
