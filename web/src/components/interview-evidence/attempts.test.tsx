import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';

import { AttemptsList } from './attempts';

const attempt = (callId: string, counts: boolean, interviewStatus: string | null) => ({
  callId,
  status: 'ended',
  createdAt: '2026-03-04T10:00:00Z',
  startedAt: '2026-03-04T10:00:05Z',
  endedAt: '2026-03-04T10:05:05Z',
  durationSeconds: 300,
  interviewStatus,
  integrity: 'verified',
  counts,
});

describe('AttemptsList', () => {
  it('lists the attempts and lets a recruiter count another one', async () => {
    seedSession();
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') {
        return json(200, {
          attempts: [attempt('call-1', false, 'Fail'), attempt('call-2', true, 'Needs Review')],
          chosenByRecruiter: true,
          chosenAt: null,
        });
      }
      return json(200, {
        attempts: [attempt('call-1', true, 'Fail'), attempt('call-2', false, 'Needs Review')],
        chosenByRecruiter: false,
        chosenAt: null,
      });
    });
    const onCounted = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AttemptsList resumeId="5" onCounted={onCounted} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The first attempt that started counts.')).toBeInTheDocument();
    expect(screen.getAllByTestId('attempt')).toHaveLength(2);
    // A call time names its zone (the tests run in UTC).
    expect(screen.getAllByTestId('attempt')[0]).toHaveTextContent(/^Mar 4, 2026, 10:00\sAM UTC · 5:00/);
    await user.click(screen.getByRole('button', { name: 'Count this attempt' }));
    expect(await screen.findByText('A recruiter chose the attempt that counts.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/Interview/Attempts');
    expect(put?.body).toEqual({ resumeId: '5', callId: 'call-2' });
    expect(onCounted).toHaveBeenCalledWith('call-2');
  });
});
