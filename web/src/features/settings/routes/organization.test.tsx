import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { ORGANIZATION_READ_ONLY, ORGANIZATION_SAVED, OrganizationRoute } from './organization';

const DEFAULT = { organizationName: 'Hirelane', defaultName: 'Hirelane' };
const TOO_LONG = { message: "The organisation's name cannot exceed 100 characters.", code: 'invalid_body' };

function server(role: 'admin' | 'recruiter', save?: Handler) {
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, { email: 'a@example.com', userFullName: 'Admin User', role });
    if (call.path === '/Settings/Organization' && call.method === 'GET') return json(200, DEFAULT);
    if (call.path === '/Settings/Organization' && call.method === 'PUT' && save) return save(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderOrganization = () => renderPage(<OrganizationRoute />, { path: '/settings/organization' });

describe('OrganizationRoute', () => {
  it("saves an admin's name, and shows the server's refusal in place", async () => {
    seedSession();
    let attempt = 0;
    const { calls } = server('admin', (call) => {
      attempt += 1;
      if (attempt === 1) return json(400, TOO_LONG);
      const body = call.body as { organizationName: string };
      return json(200, { organizationName: body.organizationName.trim(), defaultName: 'Hirelane' });
    });
    const user = userEvent.setup();
    renderOrganization();

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Hirelane');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText("Please enter the organisation's name.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.type(name, 'Acme Health');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TOO_LONG.message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ORGANIZATION_SAVED)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Acme Health');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { organizationName: 'Acme Health' },
      { organizationName: 'Acme Health' },
    ]);
  });

  it('shows a recruiter the name without a way to change it', async () => {
    seedSession();
    server('recruiter');
    renderOrganization();
    expect(await screen.findByText(ORGANIZATION_READ_ONLY)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
