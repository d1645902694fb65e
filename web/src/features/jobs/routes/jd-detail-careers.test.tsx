import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { JdDetailRoute } from './jd-detail';

const JD = {
  jobDescId: 7,
  jdid: 'jd-7',
  jdname: 'Platform Engineer',
  jddescription: '<p>Run the platform.</p>',
  keySkills: 'Go, Kubernetes, AWS',
  additionalNotes: '',
  experience: '4 years',
  createdOn: '2026-03-01T10:00:00Z',
  applyLastDate: null,
  resumeRequired: true,
};

const UNPUBLISHED = {
  jobDescId: 7,
  jdid: 'jd-7',
  published: false,
  slug: 'platform-engineer',
  url: null,
  location: '',
  country: '',
  workType: 'onsite',
  employmentType: 'fullTime',
  publishedAt: null,
  open: true,
  applications: 0,
};

const AUTOPILOT_OFF = {
  jobDescId: 7,
  enabled: false,
  assistantId: null,
  minScore: null,
  digest: false,
  invited: 0,
  notInvited: 0,
  lastNotInvited: null,
};
const ASSISTANTS = [
  { id: 'a-1', name: 'Go interviewer' },
  { id: 'a-2', name: 'SRE interviewer' },
];

type Answers = {
  jd?: typeof JD;
  autopilotNow?: Record<string, unknown>;
  putPosting?: (call: RecordedCall) => { status: number; body?: unknown };
  assistants?: unknown[];
};

function server({ jd = JD, putPosting, assistants = ASSISTANTS, autopilotNow = AUTOPILOT_OFF }: Answers = {}) {
  let posting: Record<string, unknown> = { ...UNPUBLISHED };
  let autopilot: Record<string, unknown> = { ...autopilotNow };
  return mockFetch((call) => {
    if (call.path === '/Drive/GetJDByID') return json(200, jd);
    if (call.path === '/Careers/Posting' && call.method === 'GET') return json(200, posting);
    if (call.path === '/Careers/Posting' && call.method === 'PUT') {
      const refused = putPosting?.(call);
      if (refused) return refused;
      const body = call.body as Record<string, unknown>;
      posting = { ...posting, ...body, url: body.published ? `http://hire.example/careers/${String(body.slug)}` : null };
      return json(200, posting);
    }
    if (call.path === '/Careers/Autopilot' && call.method === 'GET') return json(200, autopilot);
    if (call.path === '/Careers/Autopilot' && call.method === 'PUT') {
      autopilot = { ...autopilot, ...(call.body as Record<string, unknown>) };
      return json(200, autopilot);
    }
    if (call.path === '/Voice/assistants') return json(200, assistants);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderJd = () => renderPage(<JdDetailRoute />, { path: '/jd/:jdid', at: '/jd/jd-7' });
const puts = (calls: RecordedCall[], path: string) => calls.filter((call) => call.method === 'PUT' && call.url.startsWith(path));

describe('JD detail: job page', () => {
  it('publishes the job page once it says where the job is, then shows its link and applications', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderJd();
    const summary = await screen.findByRole('region', { name: 'Job page' });
    expect(await within(summary).findByText(/Candidates cannot apply yet/)).toBeInTheDocument();
    expect(within(summary).getByTestId('autopilot-status')).toHaveTextContent('Autopilot: off');

    await user.click(screen.getByRole('button', { name: 'Job page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job page' });
    expect(await within(dialog).findByLabelText(/Address/)).toHaveValue('platform-engineer');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Publish the job page' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter the job’s location.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the country.')).toBeInTheDocument();
    expect(puts(calls, '/api/Careers/Posting')).toHaveLength(0);

    // The address as typed becomes one the server takes.
    await user.clear(within(dialog).getByLabelText(/Address/));
    await user.type(within(dialog).getByLabelText(/Address/), 'Platform Eng Pune');
    await user.click(within(dialog).getByRole('radio', { name: 'Hybrid' }));
    await user.type(within(dialog).getByLabelText(/Location/), 'Pune');
    await user.selectOptions(within(dialog).getByLabelText(/Country/), 'IN');
    expect(within(dialog).getByRole('option', { name: 'India (IN)' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Employment type'), 'contract');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await within(dialog).findByTestId('job-page-published');
    expect(puts(calls, '/api/Careers/Posting')[0]!.body).toEqual({
      jobDescId: 7,
      published: true,
      slug: 'platform-eng-pune',
      location: 'Pune',
      country: 'IN',
      workType: 'hybrid',
      employmentType: 'contract',
    });
    expect(within(dialog).getByTestId('job-page-url')).toHaveTextContent('http://hire.example/careers/platform-eng-pune');
    expect(within(dialog).getByRole('link', { name: /View job page/ })).toHaveAttribute('href', '/careers/platform-eng-pune');
    expect(within(dialog).getByRole('link', { name: /View job page/ })).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByTestId('job-page-applications')).toHaveTextContent('0 applications');
    expect(await screen.findByText('The job page is published.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(summary).getByText('Published')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Pune, India · Hybrid · Contract · 0 applications');
  });

  it('shows the server’s refusal of an address another job has', async () => {
    seedSession();
    server({
      putPosting: () => json(409, { code: 'slug_taken', message: 'Another job’s page already has this address; choose another.' }),
    });
    const user = userEvent.setup();
    renderJd();
    await user.click(await screen.findByRole('button', { name: 'Job page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job page' });
    await user.selectOptions(await within(dialog).findByLabelText(/Country/), 'DE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another job’s page already has this address; choose another.');
  });

  it('explains why a JD that takes a CSV list has no job page, and offers no autopilot', async () => {
    seedSession();
    const { calls } = server({ jd: { ...JD, resumeRequired: false } });
    const user = userEvent.setup();
    renderJd();
    await user.click(await screen.findByRole('button', { name: 'Job page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job page' });
    expect(within(dialog).getByTestId('job-page-csv')).toHaveTextContent('takes a CSV list of candidates instead of resumes');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Autopilot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Job page' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/Careers/'))).toBe(false);
  });
});

describe('JD detail: autopilot', () => {
  it('turns on with an assistant and a minimum score, and says it never rejects anyone', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderJd();
    await user.click(await screen.findByRole('button', { name: 'Autopilot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autopilot' });
    expect(await within(dialog).findByTestId('autopilot-never-rejects')).toHaveTextContent('It never rejects anyone');
    expect(within(dialog).getByTestId('autopilot-invited')).toHaveTextContent('0 applicants');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Invite qualifying applicants automatically' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please choose the assistant that interviews applicants.')).toBeInTheDocument();

    const select = within(dialog).getByLabelText(/AI assistant/);
    await within(select).findByRole('option', { name: 'SRE interviewer' });
    await user.selectOptions(select, 'a-2');
    expect(within(dialog).getByLabelText('Minimum ATS score')).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Invite from an ATS score of/ }));
    const score = within(dialog).getByLabelText('Minimum ATS score');
    await user.clear(score);
    await user.type(score, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an ATS score from 1 to 100.')).toBeInTheDocument();
    await user.clear(score);
    await user.type(score, '75');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Daily digest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls, '/api/Careers/Autopilot')[0]!.body).toEqual({
      jobDescId: 7,
      enabled: true,
      assistantId: 'a-2',
      minScore: 75,
      digest: true,
    });
    expect(await screen.findByText('The autopilot is on.')).toBeInTheDocument();
    expect(screen.getByTestId('autopilot-status')).toHaveTextContent('Autopilot: on, inviting applicants with an ATS score of 75 or more');
  });

  it('says whom the autopilot could not invite, and why', async () => {
    seedSession();
    server({
      autopilotNow: {
        ...AUTOPILOT_OFF,
        enabled: true,
        assistantId: 'asst-1',
        notInvited: 2,
        lastNotInvited: { candidateId: 9, reason: 'The autopilot’s assistant no longer exists.', at: Date.UTC(2026, 10, 26, 9, 30) },
      },
    });
    renderJd();
    const line = await screen.findByTestId('autopilot-not-invited');
    expect(line).toHaveTextContent('2 applicants not invited. Last: The autopilot’s assistant no longer exists.');
    expect(line).toHaveTextContent('each reason is in the applicant’s activity');
  });

  it('offers to create an assistant when there is none', async () => {
    seedSession();
    server({ assistants: [] });
    const user = userEvent.setup();
    renderJd();
    await user.click(await screen.findByRole('button', { name: 'Autopilot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autopilot' });
    expect(await within(dialog).findByRole('link', { name: 'Create an assistant' })).toHaveAttribute('href', '/interview/create-assistant');
  });
});
