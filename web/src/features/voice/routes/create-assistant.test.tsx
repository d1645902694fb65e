import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { CreateAssistantRoute } from './create-assistant';

function renderForm() {
  return renderRoutes(
    [
      { path: '/interview/create-assistant', element: <CreateAssistantRoute /> },
      { path: '/interview/assistants/:id', element: <p data-testid="assistant-page">assistant page</p> },
    ],
    { at: '/interview/create-assistant' },
  );
}

describe('Create Interview Assistant', () => {
  it('names and explains every input: 5 labelled fields, then one topic, question and tool to start with', async () => {
    seedSession();
    mockFetch(() => json(404, { message: 'Not found', code: 'not_found' }));
    renderForm();
    const inputs = await screen.findAllByRole('textbox');
    expect(inputs).toHaveLength(8);
    for (const input of inputs) {
      expect(input).toHaveAccessibleName();
      expect(input).toHaveAttribute('placeholder');
    }
    for (const name of ['Topic 1', 'Question 1', 'Tool 1']) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    // The spec's required Candidate Name stays.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Assistant' }));
    expect(screen.getByText('Assistant Name is required.')).toBeInTheDocument();
  });

  it('grows each list up to its maximum (4 topics, 10 questions, 4 tools) and shrinks it again', async () => {
    seedSession();
    mockFetch(() => json(404, { message: 'Not found', code: 'not_found' }));
    const user = userEvent.setup();
    renderForm();
    const addTopic = await screen.findByRole('button', { name: 'Add topic' });
    for (let i = 0; i < 3; i++) await user.click(addTopic);
    expect(screen.getByRole('textbox', { name: 'Topic 4' })).toHaveFocus();
    expect(addTopic).toBeDisabled();
    const addQuestion = screen.getByRole('button', { name: 'Add question' });
    for (let i = 0; i < 9; i++) await user.click(addQuestion);
    expect(screen.getByRole('textbox', { name: 'Question 10' })).toBeInTheDocument();
    expect(addQuestion).toBeDisabled();
    const addTool = screen.getByRole('button', { name: 'Add tool' });
    for (let i = 0; i < 3; i++) await user.click(addTool);
    expect(addTool).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Topic 1' }), 'APIs');
    await user.type(screen.getByRole('textbox', { name: 'Topic 2' }), 'Caching');
    await user.click(screen.getByRole('button', { name: 'Remove Topic 1' }));
    expect(screen.getByRole('textbox', { name: 'Topic 1' })).toHaveValue('Caching');
    expect(screen.queryByRole('textbox', { name: 'Topic 4' })).not.toBeInTheDocument();
    expect(addTopic).toBeEnabled();
  });

  it('sends only the filled boxes, then opens the new assistant with the spec success message', async () => {
    seedSession();
    const { calls } = mockFetch(() => json(200, { id: 'asst-7' }));
    const user = userEvent.setup();
    const { router } = renderForm();
    await user.type(await screen.findByLabelText(/^Assistant Name/), 'Ava');
    await user.type(screen.getByLabelText(/^Candidate Name/), 'Jane');
    await user.type(screen.getByLabelText(/^Role/), 'Backend Engineer');
    await user.type(screen.getByLabelText(/^Experience/), '5 years');
    await user.type(screen.getByLabelText(/^Interview Time/), '30');
    await user.type(screen.getByRole('textbox', { name: 'Topic 1' }), 'APIs');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 2' }), 'Walk me through a project you shipped end to end.');
    await user.click(screen.getByRole('button', { name: 'Create Assistant' }));

    expect(await screen.findByTestId('assistant-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interview/assistants/asst-7');
    expect(await screen.findByText('Assistant created successfully with ID: asst-7')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      topics: ['APIs'],
      questions: ['Walk me through a project you shipped end to end.'],
      tools: [],
    });
  });
});
