import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';

import { RequireAuth } from './require-auth';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<p>login page</p>} />
        <Route element={<RequireAuth />}>
          <Route path="/folders" element={<p>folders page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireAuth (route guard)', () => {
  it('renders the page with a token and an unexpired tokenExpiry', () => {
    seedSession();
    renderAt('/folders');
    expect(screen.getByText('folders page')).toBeInTheDocument();
  });

  it('accepts a token kept in sessionStorage', () => {
    sessionStorage.setItem('token', 'session-token');
    localStorage.setItem('tokenExpiry', new Date(Date.now() + 60_000).toISOString());
    renderAt('/folders');
    expect(screen.getByText('folders page')).toBeInTheDocument();
  });

  it('redirects to /login without a token', () => {
    renderAt('/folders');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('redirects to /login without a tokenExpiry', () => {
    localStorage.setItem('token', 't');
    renderAt('/folders');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('redirects to /login when the token expired and no refresh token is stored', () => {
    seedSession({ refreshToken: null, expiresInMs: -1000 });
    const { fetchMock } = mockFetch(() => json(500));
    renderAt('/folders');
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renews an expired access token with the refresh token before deciding', async () => {
    seedSession({ refreshToken: 'refresh-1', expiresInMs: -1000 });
    const { calls } = mockFetch(() =>
      json(200, { accessToken: 'access-2', refreshToken: 'refresh-2', validTo: new Date(Date.now() + 60_000).toISOString() }),
    );
    renderAt('/folders');
    expect(await screen.findByText('folders page')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh-token']);
    expect(localStorage.getItem('token')).toBe('access-2');
  });

  it('clears the session and redirects to /login when that refresh fails', async () => {
    seedSession({ refreshToken: 'refresh-1', expiresInMs: -1000 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => json(401, { message: 'Unauthorized', code: 'unauthorized' }));
    renderAt('/folders');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});

describe('RequireAuth across tabs', () => {
  it('leaves for /login when another tab signs out', async () => {
    seedSession();
    renderAt('/folders');
    expect(screen.getByText('folders page')).toBeInTheDocument();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
