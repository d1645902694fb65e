import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, ok, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import type { WebhookEndpoint } from '../api/types';
import { SECRET_ONCE } from '../components/webhook-secret';
import { WEBHOOKS_EMPTY, WebhooksRoute } from './webhooks';

const TYPES = ['candidate.uploaded', 'candidate.stageChanged', 'job.published', 'job.closed'];
const ENDPOINT: WebhookEndpoint = {
  id: 4,
  url: 'https://hooks.example.com/hirelane',
  eventTypes: ['candidate.stageChanged'],
  includePersonalData: false,
  state: 'paused',
  consecutiveFailures: 20,
  createdAt: '2026-03-02T09:00:00Z',
};
const REFUSED = {
  message: 'The URL is refused: the host resolves to 10.0.0.8, a private, loopback, link-local or otherwise internal address.',
  code: 'webhook_target_refused',
};

const renderWebhooks = () => renderPage(<WebhooksRoute />, { path: '/settings/webhooks' });

describe('WebhooksRoute', () => {
  it('adds an endpoint, shows its secret once, and says why the server refused one', async () => {
    seedSession();
    let endpoints: WebhookEndpoint[] = [];
    let posts = 0;
    const { calls } = mockFetch((call) => {
      if (call.path === '/auth/me') return json(200, { email: 'a@example.com', userFullName: 'Admin User', role: 'admin' });
      if (call.route === 'GET /Settings/Webhooks') return ok('GET /Settings/Webhooks', { endpoints, eventTypes: TYPES });
      if (call.route === 'POST /Settings/Webhooks') {
        posts += 1;
        if (posts === 1) return json(400, REFUSED);
        endpoints = [{ ...ENDPOINT, state: 'active', consecutiveFailures: 0 }];
        return json(201, { endpoint: endpoints[0], secret: 'whsec_c2VjcmV0' });
      }
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    renderWebhooks();

    expect(await screen.findByText(WEBHOOKS_EMPTY)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText("Please enter the endpoint's https:// URL.")).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Endpoint URL/ }), 'https://10.0.0.8/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText('Choose at least one event type.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'candidate.stageChanged' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(REFUSED.message)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /Endpoint URL/ }));
    await user.type(screen.getByRole('textbox', { name: /Endpoint URL/ }), ENDPOINT.url);
    await user.click(screen.getByRole('checkbox', { name: 'job.closed' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(SECRET_ONCE)).toBeInTheDocument();
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(await screen.findByRole('listitem', { name: ENDPOINT.url })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)[1]).toEqual({
      url: ENDPOINT.url,
      eventTypes: ['candidate.stageChanged', 'job.closed'],
      includePersonalData: false,
    });
  });

  it('shows a paused endpoint with Resume and its delivery log with Send again', async () => {
    seedSession();
    const { calls } = mockFetch((call) => {
      if (call.path === '/auth/me') return json(200, { email: 'a@example.com', userFullName: 'Admin User', role: 'admin' });
      if (call.route === 'GET /Settings/Webhooks') return ok('GET /Settings/Webhooks', { endpoints: [ENDPOINT], eventTypes: TYPES });
      if (call.route === 'GET /Settings/Webhooks/{id}/Deliveries')
        return ok('GET /Settings/Webhooks/{id}/Deliveries', [
          {
            id: 9,
            eventId: 'evt_1',
            eventType: 'candidate.stageChanged',
            candidateId: 3,
            createdAt: '2026-03-02T09:00:00Z',
            status: 'pending',
            attempts: 2,
            nextAttemptAt: '2026-03-02T09:05:05Z',
            responseCode: 500,
            latencyMs: 41,
            error: 'answered 500',
            deliveredAt: null,
          },
        ]);
      if (call.route === 'POST /Settings/Webhooks/{id}/Deliveries/{deliveryId}/Resend') return json(204);
      if (call.route === 'POST /Settings/Webhooks/{id}/Resume') return ok('POST /Settings/Webhooks/{id}/Resume', ENDPOINT);
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    renderWebhooks();

    const card = await screen.findByRole('listitem', { name: ENDPOINT.url });
    expect(within(card).getByText('Paused after 20 failures')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const row = await within(card).findByRole('row', { name: /candidate\.stageChanged/ });
    expect(within(row).getByText('500')).toBeInTheDocument();
    expect(within(row).getByText('41 ms')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Send again' }));
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    expect(calls.map((call) => call.route)).toEqual(
      expect.arrayContaining(['POST /Settings/Webhooks/{id}/Deliveries/{deliveryId}/Resend', 'POST /Settings/Webhooks/{id}/Resume']),
    );
  });
});
