import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/date-time';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { CandidateTimeline, TIMELINE_PAGE } from './candidate-timeline';

type Actor = { kind: string; recruiterId: number | null; name: string | null };

const event = (id: number, summary: string, actor: Actor, at = '2026-03-02T06:15:00Z') => ({
  id,
  at,
  kind: 'stageChanged',
  actor,
  resumeId: 5,
  jobDescId: 7,
  jdid: 'jd-abc',
  jdname: 'QA Lead',
  candidateName: 'Priya Sharma',
  summary,
  detail: {},
});

const DANA: Actor = { kind: 'recruiter', recruiterId: 2, name: 'Dana Lee' };
const CANDIDATE: Actor = { kind: 'candidate', recruiterId: null, name: null };
const SYSTEM: Actor = { kind: 'system', recruiterId: null, name: null };

const FIRST = {
  events: [
    event(30, 'Moved from Interviewed to Shortlisted', DANA, '2026-03-04T16:45:00Z'),
    event(29, 'Booked an interview for 2026-03-03T10:00:00Z', CANDIDATE),
  ],
  nextBefore: 29,
};
const SECOND = { events: [event(12, 'Uploaded resume priya.pdf', SYSTEM)], nextBefore: null };

function server() {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname !== '/api/Activity') return json(404, { message: 'Not found', code: 'not_found' });
    return json(200, url.searchParams.get('before') === '29' ? SECOND : FIRST);
  });
}

const items = () => within(screen.getByRole('list', { name: 'Timeline events' })).getAllByTestId('activity-event');

describe('CandidateTimeline', () => {
  it("lists the candidate's events newest first: time in the browser's zone, who, what", async () => {
    seedSession();
    const { calls } = server();
    renderPage(<CandidateTimeline resumeId="5" />);
    await screen.findByRole('list', { name: 'Timeline events' });
    expect(calls[0]!.url).toBe(`/api/Activity?resumeId=5&limit=${TIMELINE_PAGE}`);

    const [moved, booked] = items();
    expect(moved).toHaveTextContent('Moved from Interviewed to Shortlisted');
    expect(moved).toHaveTextContent('Dana Lee');
    const time = within(moved!).getByText(formatDateTime('2026-03-04T16:45:00Z'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-03-04T16:45:00Z');
    // The test run is in UTC: 16:45 UTC reads as 4:45 PM.
    expect(time.textContent).toMatch(/^Mar 4, 2026, 4:45\sPM$/);
    expect(booked).toHaveTextContent('Candidate');
    // The server's instant in the summary reads as every other time on the page, its zone named.
    expect(booked!.textContent).toMatch(/Booked an interview for Mar 3, 2026, 10:00\sAM UTC/);
    expect(booked).not.toHaveTextContent('2026-03-03T10:00:00Z');
    // The candidate's own page needs no link to itself.
    expect(within(moved!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('loads older events with Load more until there are none', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderPage(<CandidateTimeline resumeId="5" />);
    await screen.findByRole('list', { name: 'Timeline events' });
    expect(items()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Uploaded resume priya.pdf')).toBeInTheDocument();
    expect(calls[1]!.url).toBe(`/api/Activity?resumeId=5&before=29&limit=${TIMELINE_PAGE}`);
    expect(items()).toHaveLength(3);
    expect(items()[2]).toHaveTextContent('System');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when nothing has happened yet', async () => {
    seedSession();
    mockFetch(() => json(200, { events: [], nextBefore: null }));
    renderPage(<CandidateTimeline resumeId="5" />);
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
  });
});
