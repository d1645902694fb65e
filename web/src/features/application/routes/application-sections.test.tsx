import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { ACCOMMODATION_SENT, ACCOMMODATION_TITLE } from '../components/accommodation-section';
import { ASSESSMENT_TITLE, NOT_ASSESSED as NOT_ASSESSED_TEXT } from '../components/assessment-section';
import { KEEP_LABEL } from '../components/keep-for-other-jobs';
import { SELF_ID_DELETED, SELF_ID_SAVED, SELF_ID_TITLE } from '../components/self-identification-section';
import { ASSESSED, RECEIVED, SELF_ID, TOKEN, portalServer as server } from '../testing/server';
import { ApplicationRoute } from './application';

const renderAt = () => renderRoutes([{ path: '/application/:token', element: <ApplicationRoute /> }], { at: `/application/${TOKEN}` });
const region = (name: string) => screen.findByRole('region', { name });
const sent = (calls: RecordedCall[], method: string) => calls.filter((call) => call.method === method);

describe('how the application was assessed', () => {
  it('gives the reasons, the skills found and not found, the interview questions covered, the rights and the version', async () => {
    server(RECEIVED, { assessment: ASSESSED });
    renderAt();
    const section = await region(ASSESSMENT_TITLE);
    const reasons = await within(section).findByRole('list', { name: 'Reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(ASSESSED.reasons);
    expect(within(section).getByRole('list', { name: 'Skills found in your resume' })).toHaveTextContent('GoPython');
    expect(within(section).getByRole('list', { name: 'Skills not found' })).toHaveTextContent('Kubernetes');
    expect(section).toHaveTextContent('Experience read from your resume: 5 years (the job asks for 3 years).');
    const questions = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('data-covered'));
    expect(questions).toHaveLength(3);
    expect(questions[0]).toHaveTextContent(/^Tell me about a service you built \(covered\)$/);
    expect(questions[1]).toHaveTextContent(/^How do you test it\? \(covered\)/);
    const points = within(section).getByRole('list', { name: 'What the team looks for: How do you test it?' });
    expect(points).toHaveTextContent('Covered: Unit tests around the parser');
    expect(points).toHaveTextContent('Not found in your answer: Load tests before a release');
    expect(questions[2]).toHaveTextContent(/How do you deploy it\? \(not covered\)$/);
    expect(within(section).getByTestId('your-rights')).toHaveTextContent('You can ask for a person to review it.');
    expect(section).toHaveTextContent('Assessment version ats-2026.3');
  });

  it('says when the application has not been assessed yet', async () => {
    server(RECEIVED);
    renderAt();
    const section = await region(ASSESSMENT_TITLE);
    expect(await within(section).findByText(NOT_ASSESSED_TEXT)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('voluntary self-identification', () => {
  it('shows the answers given, saves changed ones and deletes them', async () => {
    const { calls } = server(RECEIVED, { selfId: SELF_ID });
    const user = userEvent.setup();
    renderAt();
    const section = await region(SELF_ID_TITLE);
    expect(section).toHaveTextContent(SELF_ID.explanation);
    const sex = within(section).getByRole('combobox', { name: 'Sex' });
    const race = within(section).getByRole('combobox', { name: 'Race/ethnicity' });
    expect(sex).toHaveValue('female');
    expect(race).toHaveValue('');
    expect(within(race).getAllByRole('option')[0]).toHaveTextContent('No answer');

    await user.selectOptions(race, 'asian');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SELF_ID_SAVED)).toBeInTheDocument();
    expect(sent(calls, 'PUT').map((call) => call.body)).toEqual([{ sex: 'female', race: 'asian' }]);

    await user.click(within(section).getByRole('button', { name: 'Delete my answers' }));
    expect(await screen.findByText(SELF_ID_DELETED)).toBeInTheDocument();
    expect(sent(calls, 'DELETE')).toHaveLength(1);
    expect(sex).toHaveValue('');
    expect(race).toHaveValue('');
    expect(within(section).getByRole('button', { name: 'Delete my answers' })).toBeDisabled();
  });

  it('says beside the questions when the server refuses an answer', async () => {
    const refusal = { code: 'validation', message: 'Choose one of the listed answers, or leave the question blank.' };
    server(RECEIVED, { selfId: SELF_ID, putSelfId: () => json(400, refusal) });
    const user = userEvent.setup();
    renderAt();
    const section = await region(SELF_ID_TITLE);
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(refusal.message);
    const sex = within(section).getByRole('combobox', { name: 'Sex' });
    expect(sex).toHaveAttribute('aria-invalid', 'true');
    expect(sex).toHaveAccessibleDescription(refusal.message);
  });

  it('is not shown when the employer does not ask', async () => {
    server(RECEIVED);
    renderAt();
    await region(ASSESSMENT_TITLE);
    await waitFor(() => expect(screen.queryByRole('region', { name: SELF_ID_TITLE })).not.toBeInTheDocument());
  });
});

describe('an alternative process or an accommodation', () => {
  it('asks for a description, sends it and says the team will answer', async () => {
    const { calls } = server(RECEIVED);
    const user = userEvent.setup();
    renderAt();
    const section = await region(ACCOMMODATION_TITLE);
    await user.click(within(section).getByRole('button', { name: 'Send request' }));
    expect(within(section).getByText('Please say what you need.')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.type(within(section).getByLabelText(/What do you need\?/), '  A written interview instead of a call, please. ');
    await user.click(within(section).getByRole('button', { name: 'Send request' }));
    expect(await within(section).findByTestId('accommodation-requested')).toHaveTextContent(ACCOMMODATION_SENT);
    expect(sent(calls, 'POST')).toMatchObject([
      { url: `/api/Application/${TOKEN}/Accommodation`, body: { message: 'A written interview instead of a call, please.' } },
    ]);
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows that a request was sent already', async () => {
    server({ ...RECEIVED, accommodationRequested: true });
    renderAt();
    expect(await screen.findByTestId('accommodation-requested')).toHaveTextContent(ACCOMMODATION_SENT);
  });
});

describe('keeping the data for other jobs', () => {
  it('saves the choice as soon as it changes', async () => {
    const { calls } = server(RECEIVED);
    const user = userEvent.setup();
    renderAt();
    const keep = await screen.findByRole('checkbox', { name: KEEP_LABEL });
    expect(keep).not.toBeChecked();
    await user.click(keep);
    expect(await screen.findByText('Your data will be kept for other jobs.')).toBeInTheDocument();
    expect(keep).toBeChecked();
    await user.click(keep);
    await waitFor(() => expect(keep).not.toBeChecked());
    expect(sent(calls, 'PUT').map((call) => call.body)).toEqual([{ keep: true }, { keep: false }]);
  });
});
