import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler, RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { EMAIL_REQUIRED, NAME_REQUIRED } from '../components/invite-member-form';
import { READ_ONLY_NOTE, TeamRoute } from './team';

const ADMIN = {
  id: 1,
  email: 'admin@example.com',
  fullName: 'Admin User',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00Z',
  you: true,
  reports: true,
};
const DANA = {
  id: 2,
  email: 'dana@example.com',
  fullName: 'Dana Lee',
  role: 'recruiter',
  createdAt: '2026-01-02T00:00:00Z',
  you: false,
  reports: false,
};
const LAST_ADMIN = { message: 'The team needs at least one admin: make someone else admin first.', code: 'last_admin' };

type Routes = { role?: 'admin' | 'recruiter'; post?: Handler; put?: Handler; del?: Handler };

function server({ role = 'admin', post, put, del }: Routes = {}) {
  const team =
    role === 'admin'
      ? [ADMIN, DANA]
      : [
          { ...ADMIN, you: false },
          { ...DANA, you: true },
        ];
  return mockFetch((call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    if (call.path === '/auth/me')
      return json(
        200,
        role === 'admin'
          ? { email: ADMIN.email, userFullName: ADMIN.fullName, role, reports: true }
          : { email: DANA.email, userFullName: DANA.fullName, role, reports: false },
      );
    if (call.path === '/Team' && call.method === 'GET') return json(200, team);
    if (call.path === '/Team' && call.method === 'POST' && post) return post(call);
    if (call.method === 'PUT' && put) return put(call);
    if (url.pathname.startsWith('/api/Team/') && call.method === 'DELETE' && del) return del(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderTeam = () => renderPage(<TeamRoute />, { path: '/settings/team' });

const rowOf = (name: string) => screen.getAllByTestId('team-row').find((row) => row.textContent?.includes(name))!;

describe('TeamRoute', () => {
  it('lists the team with "(you)" and gives admins the controls', async () => {
    seedSession();
    server();
    renderTeam();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'E-mail templates' })).toHaveAttribute('href', '/settings/templates');
    await screen.findAllByTestId('team-row');
    expect(rowOf('Admin User')).toHaveTextContent('(you)');
    expect(rowOf('Admin User')).toHaveTextContent('admin@example.com');
    expect(rowOf('Dana Lee')).not.toHaveTextContent('(you)');

    expect(await screen.findByRole('heading', { name: 'Invite a colleague' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Dana Lee' })).toHaveValue('recruiter');
    expect(screen.getByRole('combobox', { name: 'Role of Admin User' })).toHaveValue('admin');
    expect(screen.getByRole('button', { name: 'Remove Dana Lee' })).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY_NOTE)).not.toBeInTheDocument();
  });

  it('shows recruiters the list read-only', async () => {
    seedSession();
    server({ role: 'recruiter' });
    renderTeam();
    expect(await screen.findByText(READ_ONLY_NOTE)).toBeInTheDocument();
    expect(screen.getAllByTestId('team-row')).toHaveLength(2);
    expect(rowOf('Dana Lee')).toHaveTextContent('(you)');
    expect(rowOf('Admin User')).toHaveTextContent('Admin');
    expect(screen.queryByRole('heading', { name: 'Invite a colleague' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('invites a colleague, and shows what the server says when it refuses', async () => {
    seedSession();
    let attempt = 0;
    const { calls } = server({
      post: () =>
        ++attempt === 1
          ? json(409, { message: 'sam@example.com is already registered.', code: 'recruiter_exists' })
          : json(200, [ADMIN, DANA, { ...DANA, id: 3, email: 'sam@example.com', fullName: 'Sam Roy', role: 'admin' }]),
    });
    const user = userEvent.setup();
    renderTeam();
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });

    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText(EMAIL_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/E-mail/), ' Sam@Example.com ');
    await user.type(within(form).getByLabelText(/Full name/), 'Sam Roy');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('sam@example.com is already registered.');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ email: 'sam@example.com', fullName: 'Sam Roy', role: 'admin' });

    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Sam Roy was added to the team and told how to sign in.')).toBeInTheDocument();
    expect(rowOf('Sam Roy')).toHaveTextContent('sam@example.com');
    expect(within(form).getByLabelText(/E-mail/)).toHaveValue('');
  });

  it("changes a role, and shows the server's last-admin message", async () => {
    seedSession();
    const { calls } = server({
      put: (call) => (call.url === '/api/Team/1/Role' ? json(409, LAST_ADMIN) : json(200, [ADMIN, { ...DANA, role: 'admin' }])),
    });
    const user = userEvent.setup();
    renderTeam();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Dana Lee' }), 'admin');
    expect(await screen.findByText('Dana Lee is now admin.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/Team/2/Role')).toMatchObject({ method: 'PUT', body: { role: 'admin' } });
    expect(screen.getByRole('combobox', { name: 'Role of Dana Lee' })).toHaveValue('admin');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Admin User' }), 'recruiter');
    expect(await screen.findByText(LAST_ADMIN.message)).toHaveAttribute('role', 'alert');
    // The select shows what the server kept.
    expect(screen.getByRole('combobox', { name: 'Role of Admin User' })).toHaveValue('admin');
  });

  it('removes a colleague after confirming, and keeps the dialog open with the reason when refused', async () => {
    seedSession();
    const { calls } = server({ del: (call) => (call.url === '/api/Team/1' ? json(409, LAST_ADMIN) : json(200, [ADMIN])) });
    const user = userEvent.setup();
    renderTeam();

    await user.click(await screen.findByRole('button', { name: 'Remove Admin User' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove Admin User?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN.message);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Dana Lee' }));
    dialog = screen.getByRole('dialog', { name: 'Remove Dana Lee?' });
    expect(dialog).toHaveTextContent('dana@example.com will no longer be able to sign in');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Dana Lee was removed from the team.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/Team/1', '/api/Team/2']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('team-row')).toHaveLength(1);
  });

  it('gives a recruiter the fairness reports, always on for admins, and reads the account again', async () => {
    seedSession();
    const { calls } = server({ put: () => json(200, [ADMIN, { ...DANA, reports: true }]) });
    const user = userEvent.setup();
    renderTeam();
    const dana = await screen.findByRole('checkbox', { name: 'Can see fairness reports: Dana Lee' });
    const admin = screen.getByRole('checkbox', { name: /^Can see fairness reports: Admin User/ });
    expect(admin).toBeChecked();
    expect(admin).toBeDisabled();
    expect(dana).not.toBeChecked();
    const meReads = () => calls.filter((call) => call.path === '/auth/me').length;
    const before = meReads();

    await user.click(dana);
    expect(await screen.findByText('Dana Lee can now see the fairness reports.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/Team/2/Reports', body: { reports: true } });
    expect(dana).toBeChecked();
    await waitFor(() => expect(meReads()).toBeGreaterThan(before));
  });

  it('shows recruiters who can see the reports without letting them change it', async () => {
    seedSession();
    server({ role: 'recruiter' });
    renderTeam();
    const dana = await screen.findByRole('checkbox', { name: 'Can see fairness reports: Dana Lee' });
    expect(dana).toBeDisabled();
    expect(dana).not.toBeChecked();
  });
});
