import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { NAME_REQUIRED, SCOPE_REQUIRED, SHOWN_ONCE } from '../components/create-api-token-dialog';
import { ADMINS_ONLY, ApiTokensRoute, TOKENS_EMPTY } from './api-tokens';

const TOKEN = {
  id: 3,
  name: 'HRIS sync',
  hint: 'hl_AbCdE',
  scopes: ['candidates:read'],
  createdBy: 'Admin User',
  createdAt: '2026-03-02T09:00:00Z',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-03-02T10:00:00Z',
  lastUsedFrom: '203.0.113.9',
};
const SECRET = 'hl_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';

function server(role: 'admin' | 'recruiter', create?: Handler) {
  let list: unknown[] = [];
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, { email: 'a@example.com', userFullName: 'Admin User', role, reports: true });
    if (call.path === '/Settings/ApiTokens' && call.method === 'GET') return json(200, list);
    if (call.path === '/Settings/ApiTokens' && call.method === 'POST' && create) {
      const reply = create(call);
      list = [TOKEN];
      return reply;
    }
    if (call.path === '/Settings/ApiTokens/{id}' && call.method === 'DELETE') {
      list = [{ ...TOKEN, revokedAt: '2026-03-02T11:00:00Z' }];
      return json(200, list[0]);
    }
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderTokens = () => renderPage(<ApiTokensRoute />, { path: '/settings/api-tokens' });

describe('ApiTokensRoute', () => {
  it('creates a token with a name and scopes, shows its secret once, then lists it', async () => {
    seedSession();
    const { calls } = server('admin', () => json(201, { token: TOKEN, secret: SECRET }));
    const user = userEvent.setup();
    renderTokens();
    expect(await screen.findByText(TOKENS_EMPTY)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(SCOPE_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'HRIS sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /candidates:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(shown).getByText(SHOWN_ONCE)).toBeInTheDocument();
    expect(within(shown).getByTestId('api-token-secret')).toHaveTextContent(SECRET);
    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      { url: '/api/Settings/ApiTokens', body: { name: 'HRIS sync', scopes: ['candidates:read'], expiresAt: null } },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect(within(shown).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    const row = await screen.findByTestId('api-token');
    expect(row).toHaveAttribute('data-state', 'active');
    expect(row).toHaveTextContent('HRIS sync');
    expect(row).toHaveTextContent('candidates:read');
    expect(within(row).getByTestId('api-token-last-use')).toHaveTextContent('from 203.0.113.9');
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    seedSession();
    server('admin', () => json(400, { message: 'The expiry must be in the future.', code: 'invalid_date_time' }));
    const user = userEvent.setup();
    renderTokens();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: /jobs:read/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expiry' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('The expiry must be in the future.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('CI');
  });

  it('revokes a token after asking', async () => {
    seedSession();
    server('admin', () => json(201, { token: TOKEN, secret: SECRET }));
    const user = userEvent.setup();
    renderTokens();
    // Make one first, so the list has it.
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'HRIS sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /candidates:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Revoke HRIS sync' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke HRIS sync?' })).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('HRIS sync is revoked.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('api-token')).toHaveAttribute('data-state', 'revoked'));
    expect(screen.queryByRole('button', { name: 'Revoke HRIS sync' })).not.toBeInTheDocument();
  });

  it('tells a recruiter that only admins manage tokens, and asks the server for none', async () => {
    seedSession();
    const { calls } = server('recruiter');
    renderTokens();
    expect(await screen.findByText(ADMINS_ONLY)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/Settings/ApiTokens')).toBe(false);
  });
});
