import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { routes } from './router';
import { PAGE_FAILED } from './routes/page-error';

// A recruiter page that throws while it renders.
vi.mock('@/features/jobs/routes/bin', () => ({
  Component: () => {
    throw new Error('The page broke');
  },
}));

describe('a recruiter page that fails', () => {
  it('says so inside the shell, which keeps its sidebar and top bar', async () => {
    seedSession();
    mockFetch((call) => (call.path === '/auth/me' ? json(200, { email: 'admin@example.com', userFullName: 'Admin User' }) : json(200, [])));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, { at: '/bin' });

    expect(await screen.findByRole('heading', { level: 1, name: PAGE_FAILED })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    quiet.mockRestore();
  });
});
