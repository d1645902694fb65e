import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { SPEC_FORM } from '@/lib/details-form';
import type { DetailsFormAnswer, DetailsFormSettings } from '@/lib/details-form';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { SAVED } from '../components/details-form-editor';
import { ADMINS_ONLY, DetailsFormRoute } from './details-form';

const SPEC_ANSWER: DetailsFormAnswer = { ...SPEC_FORM, customized: false, updatedAt: null };

function server(role: 'admin' | 'recruiter', save?: Handler) {
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, { email: 'a@example.com', userFullName: 'Admin User', role });
    if (call.path === '/Settings/DetailsForm' && call.method === 'GET') return json(200, SPEC_ANSWER);
    if (call.path === '/Settings/DetailsForm' && call.method === 'PUT' && save) return save(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const question = (name: string) => screen.getByRole('group', { name });

vi.setConfig({ testTimeout: 20_000 });

describe('Settings › Details form', () => {
  it("lists the spec's questions as asked, says where the pay questions are banned, and saves changes", async () => {
    seedSession();
    let attempt = 0;
    const { calls } = server('admin', (call) => {
      attempt += 1;
      if (attempt === 1)
        return json(400, {
          message: 'Question 1: at least 2 choices are required.',
          code: 'validation',
          fields: { 'customQuestions.1': 'Question 1: at least 2 choices are required.' },
        });
      const body = call.body as DetailsFormSettings;
      return json(200, {
        ...body,
        customQuestions: body.customQuestions.map((q, i) => ({ ...q, id: `q${i + 1}` })),
        customized: true,
        updatedAt: '2026-11-27T10:00:00Z',
      });
    });
    const user = userEvent.setup();
    renderPage(<DetailsFormRoute />, { path: '/settings/details-form' });

    const current = await screen.findByRole('group', { name: 'Current CTC (LPA)' });
    expect(current).toHaveAccessibleDescription(
      /banned in many US states and cities.*EU Pay Transparency Directive.*June 2026.*pay history/,
    );
    expect(question('Expected CTC (LPA)')).toHaveAccessibleDescription(/pay range/);
    expect(within(current).getByRole('checkbox', { name: 'Asked' })).toBeChecked();
    expect(within(question('Additional information')).getByRole('checkbox', { name: 'Required' })).not.toBeChecked();
    expect(within(question('Are you currently serving your notice period?')).queryByRole('checkbox', { name: 'Required' })).toBeNull();

    await user.click(within(current).getByRole('checkbox', { name: 'Asked' }));
    expect(within(current).getByRole('checkbox', { name: 'Required' })).toBeDisabled();
    await user.type(within(question('Hometown')).getByLabelText('Label shown to candidates'), 'Where did you grow up?');
    await user.clear(screen.getByLabelText('Office'));
    await user.type(screen.getByLabelText('Office'), 'Berlin');
    // The office's name shows in the office question at once.
    expect(question('Are you willing to work from our Berlin office?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const added = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(added).getByLabelText(/^Question/), 'Work permit');
    await user.selectOptions(within(added).getByLabelText('Answer'), 'choice');
    await user.type(within(added).getByLabelText('Choices'), 'EU citizen');
    await user.click(within(added).getByRole('checkbox', { name: 'Required' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(added).findByText('Question 1: at least 2 choices are required.')).toBeInTheDocument();
    await user.type(within(added).getByLabelText('Choices'), '{Enter}Need a visa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();

    const sent = calls.filter((call) => call.method === 'PUT')[1]!.body as DetailsFormSettings;
    expect(sent.fields.find((f) => f.name === 'currentCTC')).toMatchObject({ enabled: false });
    expect(sent.fields.find((f) => f.name === 'hometown')).toMatchObject({ label: 'Where did you grow up?' });
    expect(sent.fields.find((f) => f.name === 'skills')).toMatchObject({ enabled: true, required: true, label: null });
    expect(sent.officeName).toBe('Berlin');
    expect(sent.customQuestions).toEqual([
      { id: '', label: 'Work permit', kind: 'choice', required: true, choices: ['EU citizen', 'Need a visa'] },
    ]);
    // The editor restarts from what was saved, with a way back to the spec's form.
    expect(await screen.findByRole('button', { name: 'Restore the default form' })).toBeInTheDocument();
    expect(screen.getByLabelText('Office')).toHaveValue('Berlin');
  });

  it('removes a question it added and stops adding at 20', async () => {
    seedSession();
    server('admin');
    const user = userEvent.setup();
    renderPage(<DetailsFormRoute />, { path: '/settings/details-form' });
    const add = await screen.findByRole('button', { name: 'Add a question' });
    for (let i = 0; i < 20; i += 1) await user.click(add);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove question 20' }));
    expect(screen.queryByRole('group', { name: 'Question 20' })).toBeNull();
    expect(add).toBeEnabled();
  });

  it('tells recruiters only admins change it, without asking the server', async () => {
    seedSession();
    const { calls } = server('recruiter');
    renderPage(<DetailsFormRoute />, { path: '/settings/details-form' });
    expect(await screen.findByText(ADMINS_ONLY)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/Settings/DetailsForm')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Details form' })).toBeNull();
  });
});
