import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { RECOMMENDATION_REQUIRED, SCORE_REQUIRED } from '../lib/scorecard-form';
import { SCORECARD_SAVED } from './scorecard-form';
import { NOT_INTERVIEWED_NOTE, ScorecardsSection } from './scorecards-section';

const AI = { callId: 'call-1', interviewStatus: 'Pass', technical: 82, communication: 64.6, problemSolving: null, culturalFit: 70 };

const DANA = {
  id: 11,
  recruiterId: 2,
  recruiterName: 'Dana Lee',
  technical: 4,
  communication: 3,
  problemSolving: 5,
  culture: 2,
  recommendation: 'strongYes',
  notes: 'Great debugging story.',
  createdAt: '2026-03-02T06:15:00Z',
  updatedAt: '2026-03-02T06:15:00Z',
  mine: false,
};

const MINE = { ...DANA, id: 12, recruiterId: 1, recruiterName: 'Admin User', recommendation: 'no', notes: 'Unsure about SQL.', mine: true };

const SCORECARDS = { resumeId: 5, interviewed: true, ai: AI, scorecards: [DANA] };

function server(
  scorecards: unknown,
  save: Handler = (call) => json(200, { ...SCORECARDS, scorecards: [{ ...MINE, ...(call.body as object) }, DANA] }),
) {
  return mockFetch((call) => {
    if (call.path === '/Pipeline/Scorecards' && call.method === 'GET') return json(200, scorecards);
    if (call.path === '/Pipeline/Scorecards' && call.method === 'PUT') return save(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderSection = () => renderPage(<ScorecardsSection resumeId="5" />);

const scoreOf = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;

describe('ScorecardsSection: side by side', () => {
  it("shows the AI's scores as percentages beside every recruiter's scorecard", async () => {
    seedSession();
    const { calls } = server(SCORECARDS);
    renderSection();

    const ai = await screen.findByRole('article', { name: 'AI interviewer' });
    expect(calls[0]!.url).toBe('/api/Pipeline/Scorecards?resumeId=5');
    expect(scoreOf(ai, 'Technical')).toBe('82%');
    expect(scoreOf(ai, 'Communication')).toBe('65%');
    expect(scoreOf(ai, 'Problem Solving')).toBe('—');
    expect(scoreOf(ai, 'Culture')).toBe('70%');
    expect(ai).toHaveTextContent('Outcome: Pass');

    const dana = screen.getByRole('article', { name: 'Scorecard by Dana Lee' });
    expect(scoreOf(dana, 'Technical')).toBe('4 / 5');
    expect(scoreOf(dana, 'Communication')).toBe('3 / 5');
    expect(scoreOf(dana, 'Problem Solving')).toBe('5 / 5');
    expect(scoreOf(dana, 'Culture')).toBe('2 / 5');
    expect(within(dana).getByTestId('recommendation-badge')).toHaveTextContent('Strong yes');
    expect(dana).toHaveTextContent('Great debugging story.');
    expect(within(dana).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', DANA.updatedAt);

    // Both sit in one list, the AI first.
    const cards = within(screen.getByRole('list', { name: 'Scores' })).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['AI interviewer', 'Scorecard by Dana Lee']);
  });

  it('labels every recommendation and marks your own scorecard', async () => {
    seedSession();
    server({
      ...SCORECARDS,
      ai: null,
      scorecards: [
        { ...MINE, recommendation: 'strongNo' },
        { ...DANA, id: 13, recommendation: 'yes' },
        { ...DANA, id: 14, recruiterName: 'Sam Roy', recommendation: 'no' },
      ],
    });
    renderSection();
    const mine = await screen.findByRole('article', { name: 'Scorecard by Admin User' });
    expect(mine).toHaveTextContent('(you)');
    expect(screen.getAllByTestId('recommendation-badge').map((badge) => badge.textContent)).toEqual(['Strong no', 'Yes', 'No']);
    expect(screen.queryByRole('article', { name: 'AI interviewer' })).not.toBeInTheDocument();
  });

  it('offers no form before the interview, only a note', async () => {
    seedSession();
    server({ resumeId: 5, interviewed: false, ai: null, scorecards: [] });
    renderSection();
    expect(await screen.findByText(NOT_INTERVIEWED_NOTE)).toBeInTheDocument();
    expect(screen.getByText('No scores yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Technical/)).not.toBeInTheDocument();
  });
});

describe('ScorecardsSection: your scorecard', () => {
  it('asks for every score and a recommendation before sending anything', async () => {
    seedSession();
    const { calls } = server(SCORECARDS);
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Fill your scorecard' });

    await user.click(within(form).getByRole('button', { name: 'Save scorecard' }));
    expect(within(form).getAllByText(SCORE_REQUIRED)).toHaveLength(4);
    expect(within(form).getByText(RECOMMENDATION_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Technical/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    // Errors clear as the fields are fixed.
    await user.selectOptions(within(form).getByLabelText(/Technical/), '4');
    expect(within(form).getAllByText(SCORE_REQUIRED)).toHaveLength(3);
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    expect(within(form).queryByText(RECOMMENDATION_REQUIRED)).not.toBeInTheDocument();
  });

  it('sends the scores, the recommendation and the trimmed notes, then shows the saved scorecard', async () => {
    seedSession();
    const { calls } = server(SCORECARDS);
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Fill your scorecard' });

    await user.selectOptions(within(form).getByLabelText(/Technical/), '5');
    await user.selectOptions(within(form).getByLabelText(/Communication/), '4');
    await user.selectOptions(within(form).getByLabelText(/Problem Solving/), '3');
    await user.selectOptions(within(form).getByLabelText(/Culture/), '2');
    await user.click(within(form).getByRole('radio', { name: 'Strong yes' }));
    await user.type(within(form).getByLabelText('Notes'), '  Clear thinker.  ');
    expect(within(form).getByText('18 / 5000')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save scorecard' }));

    expect(await screen.findByText(SCORECARD_SAVED)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/Pipeline/Scorecards' });
    expect(put!.body).toEqual({
      resumeId: 5,
      technical: 5,
      communication: 4,
      problemSolving: 3,
      culture: 2,
      recommendation: 'strongYes',
      notes: 'Clear thinker.',
    });
    // The answer is shown: your card joins the others and the form now edits it.
    const mine = await screen.findByRole('article', { name: 'Scorecard by Admin User' });
    expect(within(mine).getByTestId('recommendation-badge')).toHaveTextContent('Strong yes');
    expect(await screen.findByRole('button', { name: 'Update scorecard' })).toBeInTheDocument();
  });

  it('starts from your own scorecard when you have one', async () => {
    seedSession();
    const { calls } = server({ ...SCORECARDS, scorecards: [MINE, DANA] });
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Edit your scorecard' });
    expect(within(form).getByLabelText(/Technical/)).toHaveValue('4');
    expect(within(form).getByLabelText(/Culture/)).toHaveValue('2');
    expect(within(form).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(form).getByLabelText('Notes')).toHaveValue('Unsure about SQL.');

    await user.selectOptions(within(form).getByLabelText(/Culture/), '3');
    await user.click(within(form).getByRole('button', { name: 'Update scorecard' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ culture: 3, technical: 4, recommendation: 'no' });
  });

  it("shows the server's message when it refuses the scorecard", async () => {
    seedSession();
    server(SCORECARDS, () =>
      json(409, { message: 'A scorecard can be filled once the candidate has been interviewed.', code: 'not_interviewed' }),
    );
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Fill your scorecard' });
    for (const label of [/Technical/, /Communication/, /Problem Solving/, /Culture/]) {
      await user.selectOptions(within(form).getByLabelText(label), '3');
    }
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    await user.click(within(form).getByRole('button', { name: 'Save scorecard' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A scorecard can be filled once the candidate has been interviewed.');
  });
});
