import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { CreateAssistantRoute } from './create-assistant';

describe('Create Interview Assistant', () => {
  it('names and explains every input: 5 labelled fields, 4 topics, 10 questions, 4 tools', async () => {
    seedSession();
    mockFetch(() => json(404, { message: 'Not found', code: 'not_found' }));
    renderPage(<CreateAssistantRoute />);
    const inputs = await screen.findAllByRole('textbox');
    expect(inputs).toHaveLength(23);
    for (const input of inputs) {
      expect(input).toHaveAccessibleName();
      expect(input).toHaveAttribute('placeholder');
    }
    expect(screen.getByRole('textbox', { name: 'Topic 4' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question 10' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tool 4' })).toBeInTheDocument();
  });

  it('empties the form after a create, so a second click cannot make a duplicate', async () => {
    seedSession();
    const { calls } = mockFetch(() => json(200, { id: 'asst-7' }));
    const user = userEvent.setup();
    renderPage(<CreateAssistantRoute />);
    await user.type(await screen.findByLabelText(/^Assistant Name/), 'Ava');
    await user.type(screen.getByLabelText(/^Candidate Name/), 'Jane');
    await user.type(screen.getByLabelText(/^Role/), 'Backend Engineer');
    await user.type(screen.getByLabelText(/^Experience/), '5 years');
    await user.type(screen.getByLabelText(/^Interview Time/), '30');
    await user.type(screen.getByRole('textbox', { name: 'Topic 1' }), 'APIs');
    const create = screen.getByRole('button', { name: 'Create Assistant' });
    await user.click(create);

    expect(await screen.findByText('Assistant created successfully with ID: asst-7')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Assistant Name/)).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Topic 1' })).toHaveValue('');
    await user.click(create);
    expect(screen.getByText('Assistant Name is required.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
