import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { emailTemplatesQueryKey } from '@/lib/queries/email-templates';
import type { EmailTemplate } from '@/lib/queries/email-templates';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { EmailTemplatesRoute, READ_ONLY_NOTE } from './email-templates';

const TEMPLATES = [
  {
    kind: 'rejection',
    subject: 'Your application for {{jobTitle}}',
    body: 'Dear {{candidateName}},\n\nThank you.',
    updatedAt: null,
    updatedBy: null,
  },
  {
    kind: 'advance',
    subject: 'Next steps for {{jobTitle}}',
    body: 'Dear {{candidateName}},\n\nGood news.',
    updatedAt: '2026-03-02T06:15:00Z',
    updatedBy: 'Dana Lee',
  },
];
const UNKNOWN = { message: 'Unknown variable {{salary}}: use {{candidateName}} or {{jobTitle}}.', code: 'invalid_template' };

function server(role: 'admin' | 'recruiter', save?: Handler) {
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, { email: 'a@example.com', userFullName: 'Admin User', role });
    if (call.path === '/Settings/EmailTemplates' && call.method === 'GET') return json(200, TEMPLATES);
    if (call.path === '/Settings/EmailTemplates' && call.method === 'PUT' && save) return save(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderTemplates = () => renderPage(<EmailTemplatesRoute />, { path: '/settings/templates' });

describe('EmailTemplatesRoute', () => {
  it('saves a template, and shows the validation message the server answers with', async () => {
    seedSession();
    let attempt = 0;
    const { calls } = server('admin', (call) => {
      attempt += 1;
      if (attempt === 1) return json(400, UNKNOWN);
      const body = call.body as { subject: string; body: string };
      return json(200, [{ ...TEMPLATES[0], ...body, updatedAt: '2026-03-05T09:00:00Z', updatedBy: 'Admin User' }, TEMPLATES[1]]);
    });
    const user = userEvent.setup();
    const { queryClient } = renderTemplates();

    const rejection = await screen.findByRole('form', { name: 'Rejection' });
    expect(screen.getByRole('form', { name: 'Advance' })).toHaveTextContent('Last changed by Dana Lee');
    expect(rejection).toHaveTextContent('The built-in text, not changed yet.');
    expect(screen.getByText('{{candidateName}}')).toBeInTheDocument();
    expect(screen.getByText('{{jobTitle}}')).toBeInTheDocument();

    const save = within(rejection).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const body = within(rejection).getByLabelText('Body');
    await user.clear(body);
    // userEvent reads braces as key names; doubled ones are typed as themselves.
    await user.type(body, 'Salary {{{{salary}}');
    await user.click(save);
    const alert = await within(rejection).findByRole('alert');
    expect(alert).toHaveTextContent(UNKNOWN.message);
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      kind: 'rejection',
      subject: 'Your application for {{jobTitle}}',
      body: 'Salary {{salary}}',
    });

    await user.clear(body);
    await user.type(body, 'Dear {{{{candidateName}}, no.');
    await user.click(save);
    expect(await screen.findByText('Rejection template saved.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')[1]!.body).toMatchObject({ body: 'Dear {{candidateName}}, no.' });
    const saved = await screen.findByRole('form', { name: 'Rejection' });
    expect(saved).toHaveTextContent('Last changed by Admin User');
    expect(within(saved).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(saved).getByLabelText('Body')).toHaveValue('Dear {{candidateName}}, no.');
    // The shared query holds what was saved: the pipeline's decision dialog starts from it.
    expect(queryClient.getQueryData<EmailTemplate[]>(emailTemplatesQueryKey)?.[0]?.body).toBe('Dear {{candidateName}}, no.');
  });

  it('shows the templates read-only to recruiters', async () => {
    seedSession();
    server('recruiter');
    renderTemplates();
    const advance = await screen.findByRole('form', { name: 'Advance' });
    expect(await screen.findByText(READ_ONLY_NOTE)).toBeInTheDocument();
    expect(within(advance).getByLabelText('Subject')).toHaveAttribute('readonly');
    expect(within(advance).getByLabelText('Body')).toHaveValue('Dear {{candidateName}},\n\nGood news.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
