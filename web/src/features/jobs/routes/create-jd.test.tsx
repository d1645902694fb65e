import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { paths } from '@/config/paths';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { CreateJdRoute } from './create-jd';

vi.mock('../components/rich-text-editor', () => ({
  RichTextEditor: ({ onChange, labelledBy }: { onChange: (html: string) => void; labelledBy: string }) => (
    <textarea aria-labelledby={labelledBy} onChange={(event) => onChange(event.target.value)} />
  ),
}));

function renderCreate(at = '/create') {
  return renderRoutes(
    [
      { path: '/create', element: <CreateJdRoute /> },
      { path: '/folders', element: <h1>Folders page</h1> },
    ],
    { at },
  );
}

describe('CreateJdRoute', () => {
  it('keeps Save disabled while the title is blank, shows the rules on submit and clears each once fixed', async () => {
    seedSession();
    const { fetchMock } = mockFetch(() => json(500, { message: 'no', code: 'x' }));
    const user = userEvent.setup();
    renderCreate();

    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Title/), '   ');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Title/), 'Data Engineer');
    expect(screen.getByLabelText('Resume Required')).toBeChecked();
    await user.type(screen.getByLabelText('Additional Notes'), 'x'.repeat(301));
    expect(screen.getByText('301/300')).toBeInTheDocument();
    // Nothing is shown before the first submit.
    expect(screen.queryByText('Experience is required.')).not.toBeInTheDocument();

    await user.click(save);
    expect(screen.getByText('Please enter at least 3 comma-separated skills.')).toBeInTheDocument();
    expect(screen.getByText('Experience is required.')).toBeInTheDocument();
    expect(screen.getByText('Additional notes cannot exceed 300 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Key Skills/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Key Skills/), 'Spark, SQL');
    expect(screen.getByText('Please enter at least 3 comma-separated skills.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Key Skills/), ', Airflow');
    expect(screen.queryByText('Please enter at least 3 comma-separated skills.')).not.toBeInTheDocument();
    expect(screen.getByText('Experience is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Experience/), '3 years');
    expect(screen.queryByText('Experience is required.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Additional Notes'), '{Backspace}');
    expect(screen.queryByText('Additional notes cannot exceed 300 characters.')).not.toBeInTheDocument();
  });

  it("says 'Title is required.' once the title is left blank, and clears it as one is typed", async () => {
    seedSession();
    mockFetch(() => json(500, { message: 'no', code: 'x' }));
    const user = userEvent.setup();
    renderCreate();

    const title = await screen.findByLabelText(/^Title/);
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();
    await user.click(title);
    await user.tab();
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(title, 'Data Engineer');
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();
  });

  it('Cancel goes to /folders on a page opened without in-app history, and back one page otherwise', async () => {
    seedSession();
    mockFetch(() => json(500, { message: 'no', code: 'x' }));
    const user = userEvent.setup();
    const first = renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Folders page' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe(paths.folders);
    first.unmount();

    const second = renderRoutes(
      [
        { path: '/create', element: <CreateJdRoute /> },
        { path: '/candidates', element: <h1>Candidates page</h1> },
      ],
      { at: '/candidates' },
    );
    await second.router.navigate('/create');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Candidates page' })).toBeInTheDocument();
  });

  it('sends the create payload with the folder, toasts and goes to /folders', async () => {
    seedSession();
    let answer: (reply: { status: number; body?: unknown }) => void = () => undefined;
    const { calls } = mockFetch(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { router } = renderCreate('/create?folder=jd-xyz');

    await user.type(await screen.findByLabelText(/^Title/), ' Data Engineer ');
    await user.type(screen.getByLabelText('Job Description'), '<p>Build <strong>pipelines</strong></p>');
    await user.type(screen.getByLabelText(/^Key Skills/), 'Spark, SQL, Airflow');
    await user.type(screen.getByLabelText(/^Experience/), '3 years');
    await user.click(screen.getByLabelText('Resume Required'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const [call] = calls;
    expect(call?.url).toBe('/api/Drive/CreateJobFolder');
    expect(call?.body).toEqual({
      jobDescId: 0,
      jdid: 'jd-xyz',
      jdname: 'Data Engineer',
      jddescription: '<p>Build <strong>pipelines</strong></p>',
      keySkills: 'Spark, SQL, Airflow',
      experience: '3 years',
      resumeRequired: false,
      applyLastDate: null,
      additionalNotes: '',
      createdOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });

    answer({ status: 200, body: { success: true, message: 'Job Description created successfully!', jobDescId: 3, jdid: 'jd-new' } });
    expect(await screen.findByText('Job Description created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
  });

  it('on failure shows the spec text, and the server field message under its field', async () => {
    seedSession();
    mockFetch(() => json(400, { message: 'Application last date cannot be in the past.', code: 'validation', field: 'applyLastDate' }));
    const user = userEvent.setup();
    const { router } = renderCreate();
    await user.type(await screen.findByLabelText(/^Title/), 'Data Engineer');
    await user.type(screen.getByLabelText(/^Key Skills/), 'a, b, c');
    await user.type(screen.getByLabelText(/^Experience/), '1 year');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create job description. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Application last date cannot be in the past.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create');
  });
});
