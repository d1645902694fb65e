import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { routes } from './router';

function server() {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.path === '/auth/me') return json(200, { email: 'admin@example.com', userFullName: 'Admin User', role: 'admin' });
    if (call.path === '/Activity') return json(200, { events: [], nextBefore: null });
    if (call.path === '/Settings/EmailTemplates') return json(200, []);
    if (call.path === '/Settings/ErasureRequests') return json(200, []);
    if (['/api/Drive/JDFolders', '/api/Team', '/api/Pipeline/Funnel', '/api/Interview/Dashboard'].includes(url.pathname))
      return json(200, []);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

describe('teamwork routes', () => {
  it('reaches Activity and Settings from the sidebar, and the templates and erasure requests from the Settings tabs', async () => {
    seedSession();
    server();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { at: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Activity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/activity');

    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/team'));
    expect(await screen.findByRole('heading', { name: 'Invite a colleague' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'E-mail templates' }));
    expect(await screen.findByRole('heading', { name: 'Variables' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/templates');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Erasure requests' }));
    expect(await screen.findByText(/No erasure requests/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/erasure-requests');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });
});
