import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { EditJdRoute } from './edit-jd';

// Quill does not run in jsdom: a textarea stands in for the editor.
vi.mock('../components/rich-text-editor', () => ({
  RichTextEditor: ({
    defaultValue,
    onChange,
    labelledBy,
  }: {
    defaultValue: string;
    onChange: (html: string) => void;
    labelledBy: string;
  }) => <textarea aria-labelledby={labelledBy} defaultValue={defaultValue} onChange={(event) => onChange(event.target.value)} />,
}));

const JD = {
  jobDescId: 7,
  jdid: 'jd-abc',
  jdname: 'QA Lead',
  jddescription: '<p><strong>Own</strong> quality</p>',
  keySkills: 'Playwright, Rust, SQL',
  additionalNotes: 'Remote',
  experience: '4 years',
  createdOn: '2026-03-01T10:00:00Z',
  applyLastDate: '2026-04-01',
  resumeRequired: false,
};

function renderEdit(at: string | { pathname: string; state: unknown }) {
  return renderRoutes(
    [
      { path: '/editjd/:jdId', element: <EditJdRoute /> },
      { path: '/edit/:id', element: <EditJdRoute /> },
      { path: '/folders', element: <h1>Folders page</h1> },
      { path: '/previous', element: <h1>Previous page</h1> },
    ],
    { at: at as string },
  );
}

describe('EditJdRoute', () => {
  it('prefills from the fetch (not the date), confirms, then updates and goes to /folders', async () => {
    seedSession();
    const { calls } = mockFetch((call) => {
      if (call.path === '/Drive/GetJDByID') return json(200, JD);
      if (call.path === '/Drive/EditJDFolder') return json(200, { success: true, message: 'JD updated successfully!' });
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    const { router } = renderEdit('/editjd/7');

    const name = await screen.findByLabelText(/^JD Name/);
    expect(calls[0]!.url).toBe('/api/Drive/GetJDByID?jdId=7');
    expect(name).toHaveValue('QA Lead');
    expect(screen.getByLabelText('Key Skills')).toHaveValue('Playwright, Rust, SQL');
    expect(screen.getByLabelText('Application Last Date')).toHaveValue('');
    const resume = screen.getByLabelText('Resume Required');
    expect(resume).toBeDisabled();
    expect(resume).not.toBeChecked();
    expect(await screen.findByLabelText('Job Description')).toHaveValue(JD.jddescription);

    await user.clear(name);
    await user.type(name, 'QA Lead (EU)');
    await user.click(screen.getByRole('button', { name: 'Update JD' }));

    // The dialog; Cancel closes it without a call.
    let dialog = screen.getByRole('dialog', { name: 'Confirm Update' });
    expect(dialog).toHaveTextContent('Are you sure you want to update this JD?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/Drive/EditJDFolder')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update JD' }));
    dialog = screen.getByRole('dialog', { name: 'Confirm Update' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Update' }));

    expect(await screen.findByText('JD updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
    const edit = calls.find((call) => call.path === '/Drive/EditJDFolder');
    expect(edit?.method).toBe('POST');
    expect(edit?.body).toEqual({
      jobDescId: 7,
      jdid: 'jd-abc',
      jdname: 'QA Lead (EU)',
      jddescription: JD.jddescription,
      keySkills: 'Playwright, Rust, SQL',
      additionalNotes: 'Remote',
      experience: '4 years',
      applyLastDate: '',
    });
  });

  it('shows Updating... with the buttons disabled, and Update failed: on an error (staying on the page)', async () => {
    seedSession();
    let answer: (reply: { status: number; body?: unknown }) => void = () => undefined;
    mockFetch((call) => {
      if (call.path === '/Drive/EditJDFolder') return new Promise((resolve) => (answer = resolve));
      return json(404, { message: 'Not found', code: 'not_found' });
    });
    const user = userEvent.setup();
    const { router } = renderEdit({
      pathname: '/editjd/7',
      state: { jdname: 'QA Lead', jobDescId: 7, keySkills: 'a, b, c', resumeRequired: true },
    });

    // Navigation state prefills without a fetch.
    expect(await screen.findByLabelText(/^JD Name/)).toHaveValue('QA Lead');
    expect(screen.getByLabelText('Resume Required')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update JD' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Update' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm Update' });
    expect(within(dialog).getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // The form's own submit button shows it too.
    expect(screen.getAllByRole('button', { name: 'Updating...' })).toHaveLength(2);

    answer({ status: 400, body: { message: 'JD Name is required.', code: 'validation', field: 'jdname' } });
    expect(await screen.findByText('Update failed: JD Name is required.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/editjd/7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('needs a JD name before asking', async () => {
    seedSession();
    mockFetch(() => json(200, JD));
    const user = userEvent.setup();
    renderEdit('/edit/jd-abc');
    const name = await screen.findByLabelText(/^JD Name/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update JD' }));
    expect(screen.getByText('JD Name is required.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(name, 'X');
    expect(screen.queryByText('JD Name is required.')).not.toBeInTheDocument();
  });

  it.each([
    [404, { message: 'Invalid JD ID.', code: 'invalid_id' }, 'Invalid JD ID.'],
    [500, { message: 'boom', code: 'internal' }, 'Failed to fetch JD.'],
  ])('a %i while loading toasts and goes to /folders', async (status, body, text) => {
    seedSession();
    mockFetch(() => json(status, body));
    const { router } = renderEdit('/editjd/99');
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
  });

  it('a blank id says No JD ID provided. and goes to /folders', async () => {
    seedSession();
    const { fetchMock } = mockFetch(() => json(200, JD));
    const { router } = renderEdit('/editjd/%20');
    expect(await screen.findByText('No JD ID provided.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
