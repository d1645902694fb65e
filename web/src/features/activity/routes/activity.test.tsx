import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { ActivityRoute } from './activity';

const FOLDERS = [
  {
    jdid: 'jd-abc',
    jobDescId: 7,
    jdname: 'QA Lead',
    jddescription: '',
    keySkills: '',
    numberOfResumes: 1,
    resumesAnalyzed: 1,
    createdOn: '',
  },
  {
    jdid: 'jd-xyz',
    jobDescId: 8,
    jdname: 'Rust Engineer',
    jddescription: '',
    keySkills: '',
    numberOfResumes: 0,
    resumesAnalyzed: 0,
    createdOn: '',
  },
];
const TEAM = [
  { id: 1, email: 'admin@example.com', fullName: 'Admin User', role: 'admin', createdAt: '2026-01-01T00:00:00Z', you: true },
  { id: 2, email: 'dana@example.com', fullName: 'Dana Lee', role: 'recruiter', createdAt: '2026-01-02T00:00:00Z', you: false },
];
const EVENTS = {
  events: [
    {
      id: 9,
      at: '2026-03-02T06:15:00Z',
      kind: 'scorecard',
      actor: { kind: 'recruiter', recruiterId: 2, name: 'Dana Lee' },
      resumeId: 5,
      jobDescId: 7,
      jdid: 'jd-abc',
      jdname: 'QA Lead',
      candidateName: 'Priya Sharma',
      summary: 'Scorecard: Strong yes (technical 4, communication 3, problem solving 5, culture 2)',
      detail: {},
    },
    {
      id: 8,
      at: '2026-03-01T06:15:00Z',
      kind: 'erased',
      actor: { kind: 'system', recruiterId: null, name: null },
      resumeId: null,
      jobDescId: 7,
      jdid: 'jd-abc',
      jdname: 'QA Lead',
      candidateName: null,
      summary: "A candidate's personal data was erased",
      detail: {},
    },
  ],
  nextBefore: null,
};

function server() {
  return mockFetch((call) => {
    if (call.path === '/Drive/JDFolders') return json(200, FOLDERS);
    if (call.path === '/Team') return json(200, TEAM);
    if (call.path === '/Activity') return json(200, EVENTS);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderAt = (at: string) =>
  renderRoutes(
    [
      { path: '/activity', element: <ActivityRoute /> },
      { path: '*', element: <p data-testid="location">elsewhere</p> },
    ],
    { at },
  );

const feedCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/Activity').map((call) => call.url);

describe('ActivityRoute', () => {
  it('lists every event with links to the candidates, and filters by JD, kind and actor in the URL', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    const { router } = renderAt('/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Activity events' });
    expect(feedCalls(calls)).toEqual(['/api/Activity']);

    const [scorecard, erased] = within(list).getAllByTestId('activity-event');
    expect(scorecard).toHaveTextContent('Dana Lee');
    expect(scorecard).toHaveTextContent('QA Lead');
    expect(within(scorecard!).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute('href', '/candidate/analysis/5/0');
    expect(erased).toHaveTextContent('System');
    expect(within(erased!).queryByRole('link')).not.toBeInTheDocument();

    const jd = screen.getByRole('combobox', { name: 'Job' });
    await waitFor(() => expect(within(jd).getByRole('option', { name: 'Rust Engineer' })).toBeInTheDocument());
    await user.selectOptions(jd, 'jd-xyz');
    await waitFor(() => expect(feedCalls(calls)).toContain('/api/Activity?jdId=jd-xyz'));
    expect(router.state.location.search).toBe('?jdId=jd-xyz');
    expect(screen.getByText('Everything that happened on Rust Engineer.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'stageChanged');
    await waitFor(() => expect(feedCalls(calls)).toContain('/api/Activity?jdId=jd-xyz&kind=stageChanged'));

    const actor = screen.getByRole('combobox', { name: 'By' });
    await user.selectOptions(actor, 'candidate');
    await waitFor(() => expect(feedCalls(calls)).toContain('/api/Activity?jdId=jd-xyz&kind=stageChanged&actor=candidate'));
    await user.selectOptions(actor, within(actor).getByRole('option', { name: 'Dana Lee' }));
    await waitFor(() => expect(feedCalls(calls)).toContain('/api/Activity?jdId=jd-xyz&kind=stageChanged&recruiterId=2'));
    expect(router.state.location.search).toBe('?jdId=jd-xyz&kind=stageChanged&recruiterId=2');

    await user.click(within(screen.getByRole('list', { name: 'Activity events' })).getByRole('link', { name: 'Priya Sharma' }));
    expect(await screen.findByTestId('location')).toBeInTheDocument();
  });

  it("is a JD's own feed at /activity?jdId=, by folder id or integer id", async () => {
    seedSession();
    const { calls } = server();
    renderAt('/activity?jdId=7&kind=nonsense&actor=robots');
    await screen.findByRole('list', { name: 'Activity events' });
    // Unknown kinds and actors are not sent (the server would refuse them).
    expect(feedCalls(calls)[0]).toBe('/api/Activity?jdId=7');
    expect(await screen.findByText('Everything that happened on QA Lead.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Job' })).toHaveValue('jd-abc');
  });

  it('says so when no event matches', async () => {
    seedSession();
    mockFetch((call) => (call.path === '/Activity' ? json(200, { events: [], nextBefore: null }) : json(200, [])));
    renderAt('/activity?kind=erased');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
  });
});
