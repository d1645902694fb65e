import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, ok, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import type { AssistantRubric, RubricBody } from '../api/types';
import { AssistantDetailRoute } from './assistant-detail';

const ASSISTANT = {
  id: 'asst-1',
  name: 'QA interviewer',
  createdAt: '2026-11-24T09:00:00Z',
  updatedAt: '2026-11-24T09:00:00Z',
  model: { provider: 'openai', model: 'gpt-4o', temperature: 0.5, messages: [] },
  voice: { provider: '11labs', voiceId: 'v' },
  firstMessage: null,
  maxDurationSeconds: 1800,
  silenceTimeoutSeconds: 30,
  metadata: null,
  analysisPlan: { summary: true, structuredData: true, successEvaluation: true },
};

const rubric = (keyPoints: string[] = ['Isolates the wait conditions'], suggestions: string[] = []): AssistantRubric => ({
  assistantId: 'asst-1',
  maxKeyPoints: 20,
  maxKeyPointChars: 400,
  questions: [
    { number: 1, question: 'How do you test a flaky UI?', keyPoints, competency: 'technical', suggestions },
    { number: 2, question: 'How do you find a slow query?', keyPoints: [], competency: 'technical', suggestions: [] },
  ],
});

/** What the server answers a PUT with: the rubric as stored. */
const storedFrom = (body: RubricBody): AssistantRubric => ({
  ...rubric(),
  questions: rubric().questions.map((q) => ({ ...q, ...body.questions?.find((b) => b.number === q.number) })),
});

function server({ stored = rubric(), put }: { stored?: AssistantRubric; put?: (call: RecordedCall) => ReturnType<typeof json> } = {}) {
  return mockFetch((call) => {
    switch (call.route) {
      case 'GET /Voice/assistants/{id}':
        return ok('GET /Voice/assistants/{id}', ASSISTANT);
      case 'GET /Voice/assistants/{id}/rubric':
        return call.query.get('jdId') === 'jd-7'
          ? json(200, rubric(stored.questions[0]!.keyPoints, ['Playwright', 'Retries']))
          : json(200, stored);
      case 'PUT /Voice/assistants/{id}/rubric':
        return put ? put(call) : json(200, stored);
      case 'GET /Drive/JDFolders':
        return json(200, [
          {
            jdid: 'jd-7',
            jdname: 'QA Lead',
            jobDescId: 7,
            createdOn: '2026-11-01',
            jddescription: '',
            keySkills: '',
            numberOfResumes: 0,
            resumesAnalyzed: 0,
          },
        ]);
      default:
        return json(404, { message: 'Not found', code: 'not_found' });
    }
  });
}

const renderDetail = () => renderPage(<AssistantDetailRoute />, { path: '/interview/assistants/:id', at: '/interview/assistants/asst-1' });

describe('Assistant detail: what a strong answer covers', () => {
  it('edits, adds, removes and suggests key points, sets the competency and saves them', async () => {
    seedSession();
    const { calls } = server({ put: (call) => json(200, storedFrom(call.body as RubricBody)) });
    const user = userEvent.setup();
    renderDetail();
    const section = await screen.findByRole('region', { name: 'What a strong answer covers' });
    const [first, second] = await within(section).findAllByTestId('rubric-question');
    expect(first).toHaveTextContent('1. How do you test a flaky UI?');
    expect(second).toHaveTextContent('No key points yet');

    const point = within(first!).getByRole('textbox', { name: 'Question 1, key point 1' });
    await user.clear(point);
    await user.type(point, 'Isolates waits');
    await user.click(within(first!).getByRole('button', { name: 'Add key point to question 1' }));
    await user.type(within(first!).getByRole('textbox', { name: 'Question 1, key point 2' }), 'Logs retries');
    await user.selectOptions(within(second!).getByLabelText('Measures'), 'Problem solving');
    await user.click(within(second!).getByRole('button', { name: 'Add key point to question 2' }));
    await user.type(within(second!).getByRole('textbox', { name: 'Question 2, key point 1' }), 'Reads the plan');

    // A JD's key skills that fit a question become points with one click.
    await user.selectOptions(within(section).getByLabelText("Suggest points from a job's key skills"), 'QA Lead');
    await user.click(await within(first!).findByRole('button', { name: 'Add Playwright' }));
    expect(within(first!).getByRole('textbox', { name: 'Question 1, key point 3' })).toHaveValue('Playwright');
    expect(within(first!).queryByRole('button', { name: 'Add Playwright' })).not.toBeInTheDocument();
    await user.click(within(first!).getByRole('button', { name: 'Remove key point 2 of question 1' }));

    await user.click(within(section).getByRole('button', { name: 'Save key points' }));
    await screen.findByText('Key points saved. Interviews from now on are graded against them.');
    expect(within(first!).getByRole('textbox', { name: 'Question 1, key point 2' })).toHaveValue('Playwright');
    const puts = calls.filter((call) => call.route === 'PUT /Voice/assistants/{id}/rubric');
    expect(puts.map((call) => call.url)).toEqual(['/api/Voice/assistants/asst-1/rubric']);
    expect(puts[0]!.body).toEqual({
      questions: [
        { number: 1, keyPoints: ['Isolates waits', 'Playwright'], competency: 'technical' },
        { number: 2, keyPoints: ['Reads the plan'], competency: 'problemSolving' },
      ],
    });
  });

  it('holds a question to 20 points of 400 characters, in the server’s words, and shows the server’s refusal', async () => {
    seedSession();
    const twenty = Array.from({ length: 20 }, (_, i) => `Point ${i + 1}`);
    const { calls } = server({
      stored: rubric(twenty),
      put: () => json(400, { code: 'validation', message: 'Question 3 is not one of the assistant’s questions.' }),
    });
    const user = userEvent.setup();
    renderDetail();
    const [first] = await screen.findAllByTestId('rubric-question');
    expect(within(first!).getByRole('button', { name: 'Add key point to question 1' })).toBeDisabled();
    expect(first).toHaveTextContent('A question can have at most 20 key points.');

    const point = within(first!).getByRole('textbox', { name: 'Question 1, key point 1' });
    fireEvent.change(point, { target: { value: 'x'.repeat(401) } });
    expect(point).toHaveAttribute('aria-invalid', 'true');
    expect(point).toHaveAccessibleDescription('A key point can be at most 400 characters.');
    expect(within(first!).getByText('401 / 400')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save key points' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A key point can be at most 400 characters.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(point, { target: { value: 'x'.repeat(400) } });
    await user.click(screen.getByRole('button', { name: 'Save key points' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Question 3 is not one of the assistant’s questions.'));
  });
});
