import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { meQueryKey } from '@/lib/queries/me';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { SettingsTabs } from './settings-tabs';

function renderTabs({ reports }: { reports: boolean }) {
  seedSession();
  mockFetch((call) =>
    call.path === '/auth/me'
      ? json(200, { email: 'dana@example.com', userFullName: 'Dana Lee', role: 'recruiter', reports })
      : json(404, { message: 'Not found', code: 'not_found' }),
  );
  return renderPage(<SettingsTabs />, { path: '/settings/team' });
}

describe('SettingsTabs', () => {
  it('offers Fairness to those given the reports permission', async () => {
    renderTabs({ reports: true });
    expect(await screen.findByRole('link', { name: 'Fairness' })).toHaveAttribute('href', '/settings/fairness');
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/settings/requests');
  });

  it('hides Fairness from everyone else, and shows Requests to all', async () => {
    const { queryClient } = renderTabs({ reports: false });
    // The account has arrived: the tab is hidden for good, not just not yet shown.
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toBeDefined());
    expect(screen.getByRole('link', { name: 'Requests' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fairness' })).not.toBeInTheDocument();
    // API tokens are for admins only.
    expect(screen.queryByRole('link', { name: 'API tokens' })).not.toBeInTheDocument();
  });
});
