import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { ScheduleCallRoute } from './schedule';

const ASSISTANTS = [{ id: 'a-1', name: 'Ava', createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z' }];

describe('Schedule Interview Call', () => {
  it('preselects ?assistant=, adds the plus and reports the new call id', async () => {
    seedSession();
    const { calls } = mockFetch((call) => {
      if (call.path === '/Voice/assistants') return json(200, ASSISTANTS);
      if (call.path === '/Voice/calls') return json(200, { id: 'call-42' });
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    renderPage(<ScheduleCallRoute />, { path: '/interview/schedule', at: '/interview/schedule?assistant=a-1' });
    expect(await screen.findByRole('option', { name: 'Ava' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Assistant/)).toHaveValue('a-1');
    await user.type(screen.getByLabelText(/^Candidate Name/), 'Jane Pass');
    await user.type(screen.getByLabelText(/^Phone Number/), '919876543210');
    await user.type(screen.getByLabelText(/^Date/), '2099-03-05');
    await user.type(screen.getByLabelText(/^Time/), '10:30');
    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));
    expect(await screen.findByText('Call scheduled successfully! Call ID: call-42')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Candidate Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Assistant/)).toHaveValue('a-1');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      assistantId: 'a-1',
      candidateName: 'Jane Pass',
      phone: '+919876543210',
      date: '2099-03-05',
      time: '10:30',
    });
  });

  it('refuses a time already past without asking the server', async () => {
    seedSession();
    const { calls } = mockFetch((call) => (call.path === '/Voice/assistants' ? json(200, ASSISTANTS) : json(200, { id: 'never' })));
    const user = userEvent.setup();
    renderPage(<ScheduleCallRoute />, { path: '/interview/schedule', at: '/interview/schedule?assistant=a-1' });
    expect(await screen.findByRole('option', { name: 'Ava' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Candidate Name/), 'Jane Pass');
    await user.type(screen.getByLabelText(/^Phone Number/), '919876543210');
    await user.type(screen.getByLabelText(/^Date/), '2020-03-05');
    await user.type(screen.getByLabelText(/^Time/), '10:30');
    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));
    expect(await screen.findByText('The time cannot be in the past.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers to create an assistant when there is none', async () => {
    seedSession();
    mockFetch(() => json(200, []));
    renderPage(<ScheduleCallRoute />, { path: '/interview/schedule' });
    expect(await screen.findByRole('option', { name: 'No assistants available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an assistant' })).toHaveAttribute('href', '/interview/create-assistant');
  });

  it('shows the load failure texts when the assistants cannot be loaded', async () => {
    seedSession();
    mockFetch((call) => {
      if (call.path === '/Voice/assistants') return json(502, { message: 'Failed to load assistants.', code: 'provider_unavailable' });
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    renderPage(<ScheduleCallRoute />, { path: '/interview/schedule' });
    expect(await screen.findByText('Failed to load assistants.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'No assistants available' })).toBeInTheDocument();
  });

  it("shows the provider's words when it refuses the call", async () => {
    seedSession();
    mockFetch((call) => {
      if (call.path === '/Voice/assistants') return json(200, ASSISTANTS);
      return json(400, { message: 'customer.number must be a valid phone number', code: 'provider_rejected' });
    });
    const user = userEvent.setup();
    renderPage(<ScheduleCallRoute />, { path: '/interview/schedule', at: '/interview/schedule?assistant=a-1' });
    expect(await screen.findByRole('option', { name: 'Ava' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Candidate Name/), 'Jane');
    await user.type(screen.getByLabelText(/^Phone Number/), '12');
    await user.type(screen.getByLabelText(/^Date/), '2099-03-05');
    await user.type(screen.getByLabelText(/^Time/), '10:30');
    await user.click(screen.getByRole('button', { name: 'Schedule Call' }));
    expect(await screen.findByText('Error: customer.number must be a valid phone number')).toBeInTheDocument();
  });
});
