import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import type { Call } from '../api/types';
import { CallHistoryRoute, HISTORY_LIMIT } from './history';

const ASSISTANTS = [{ id: 'a-1', name: 'Ava', createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z' }];

function call(id: string, candidateName: string, endedAt: string, overrides: Partial<Call> = {}): Call {
  return {
    id,
    type: 'outboundPhoneCall',
    assistantId: 'a-1',
    name: null,
    scheduledAt: null,
    customer: { number: null },
    status: 'ended',
    createdAt: endedAt,
    startedAt: '2026-03-02T00:30:00Z',
    endedAt,
    endedReason: 'assistant-ended-call',
    metadata: { candidateName },
    artifact: { recordingUrl: null, transcript: null },
    analysis: { summary: null, successEvaluation: 'true', structuredData: null },
    interviewStatus: 'Pass',
    scores: { technicalScore: 80, communicationScore: 70, problemSolvingScore: 60, culturalFitScore: null },
    ...overrides,
  };
}

const CALLS = [
  call('call-bea-0001', 'Bea', '2026-03-02T00:45:00Z', { interviewStatus: 'Needs Review', endedReason: 'customer-ended-call' }),
  call('call-al-00002', 'Al', '2026-03-02T01:45:00Z'),
];

function open(calls: Call[] = CALLS) {
  seedSession();
  mockFetch(({ url }) => {
    if (url === '/api/Voice/assistants') return json(200, ASSISTANTS);
    if (url.startsWith('/api/Voice/calls')) return json(200, calls);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  return renderPage(<CallHistoryRoute />, { path: '/interview/history' });
}

const table = async () => within(await screen.findByTestId('call-history-table'));
const cards = () => within(screen.getByTestId('call-history-cards'));
const names = (rows: HTMLElement[]) => rows.map((row) => within(row).getByRole('link').textContent);

describe('Interview Call History', () => {
  it('shows each call with its outcome in words and the end time with its zone', async () => {
    open();
    const rows = (await table()).getAllByTestId('call-row');
    expect(names(rows)).toEqual(['Al', 'Bea']);
    const bea = within(rows[1]!);
    expect(bea.getByTestId('call-outcome')).toHaveTextContent('Completed');
    expect(bea.getByTestId('call-verdict')).toHaveTextContent('Needs Review');
    // The tests run in UTC.
    expect(bea.getByText(/^Mar 2, 2026,/).closest('time')).toHaveTextContent(/^Mar 2, 2026, 12:45\sAM UTC$/);
    expect(bea.getByText('Ava')).toBeInTheDocument();
    expect(bea.getByRole('button', { name: 'Copy call ID call-bea' })).toBeInTheDocument();
  });

  it('makes the candidate the row’s one link, to the analysis', async () => {
    open();
    const row = (await table()).getAllByTestId('call-row')[1]!;
    const link = within(row).getByRole('link');
    expect(link).toHaveAccessibleName('Bea – View Analysis');
    expect(link).toHaveAttribute('href', '/analysis/call-bea-0001');
    // The card of the same call links to the same place.
    const card = cards().getAllByTestId('call-card')[1]!;
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/analysis/call-bea-0001');
  });

  it('sorts by a column header, turning round on a second click', async () => {
    open();
    const user = userEvent.setup();
    const view = await table();
    expect(view.getByRole('columnheader', { name: /Ended/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(view.getByRole('button', { name: 'Technical' }));
    await user.click(view.getByRole('button', { name: 'Candidate' }));
    expect(view.getByRole('columnheader', { name: /Candidate/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(view.getByRole('columnheader', { name: /Ended/ })).not.toHaveAttribute('aria-sort');
    expect(names(view.getAllByTestId('call-row'))).toEqual(['Al', 'Bea']);
    await user.click(view.getByRole('button', { name: 'Candidate' }));
    expect(view.getByRole('columnheader', { name: /Candidate/ })).toHaveAttribute('aria-sort', 'descending');
    expect(names(view.getAllByTestId('call-row'))).toEqual(['Bea', 'Al']);
  });

  it('sorts the cards with a choice of column and direction', async () => {
    open();
    const user = userEvent.setup();
    await table();
    const sortBy = screen.getByLabelText('Sort by');
    expect(sortBy).toHaveValue('ended:desc');
    await user.selectOptions(sortBy, 'Ended: oldest first');
    expect(names(cards().getAllByTestId('call-card'))).toEqual(['Bea', 'Al']);
  });

  it('says so when the server sent as many calls as it sends at once', async () => {
    open(Array.from({ length: HISTORY_LIMIT }, (_, i) => call(`call-${i}`, `Candidate ${i}`, '2026-03-02T01:45:00Z')));
    expect(await screen.findByTestId('history-capped')).toHaveTextContent(
      'Showing the newest 1,000 calls. Choose dates to see older ones.',
    );
  });

  it('does not say so for fewer', async () => {
    open();
    await table();
    expect(screen.queryByTestId('history-capped')).not.toBeInTheDocument();
  });
});
