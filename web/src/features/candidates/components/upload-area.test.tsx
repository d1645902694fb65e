import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { UploadArea } from './upload-area';

/** A stand-in for XMLHttpRequest: reports progress, then answers with `reply(file name)`. */
function installXhr(reply: (name: string) => { status: number; body: unknown }, gate: Promise<void> = Promise.resolve()) {
  const sent: string[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(form: FormData) {
      const file = form.get('resumeFile') as File;
      sent.push(file.name);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      void gate.then(() => {
        const { status, body } = reply(file.name);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const pdf = (name: string, size = 3000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function renderArea(resumeRequired = true) {
  return renderPage(<UploadArea jdid="jd-abc" jobDescId={7} jdname="QA Lead" resumeRequired={resumeRequired} />, {
    path: '/jd/:jdid',
    at: '/jd/jd-abc',
  });
}

describe('UploadArea', () => {
  beforeEach(() => {
    seedSession();
    mockFetch(() => json(200, []));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks chosen files, uploads the valid ones with a row each, and stays to name each refused file until dismissed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent = installXhr(
      (name) => ({
        status: 200,
        body: {
          success: true,
          message: 'Resume uploaded successfully!',
          files: [{ fileName: name, status: 'created', resumeId: 1, analysisStatus: 'queued', message: null }],
        },
      }),
      gate,
    );
    const { router } = renderArea();
    await user.upload(screen.getByLabelText('Resume files'), [pdf('a.pdf'), pdf('b.docx'), pdf('bad?.pdf'), pdf('notes.txt')]);
    expect(screen.getAllByTestId('upload-row')).toHaveLength(4);
    // In flight: each valid file has its own progress bar at 50 %.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'a.pdf upload progress' })).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading 0 / 2…', { exact: false })).toBeInTheDocument();
    release();
    expect(screen.getByText('File name contains invalid characters.')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid file format. Please upload a PDF or DOCX file.').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/3 KB/).length).toBe(4);
    await waitFor(() => expect(screen.getByText('Uploaded 2 of 2', { exact: false })).toBeInTheDocument());
    expect(sent.sort()).toEqual(['a.pdf', 'b.docx']);
    // The page stays: the notice names each refused file and why, until dismissed.
    expect(router.state.location.pathname).toBe('/jd/jd-abc');
    const notice = screen.getByTestId('upload-refused');
    expect(notice).toHaveTextContent('2 files were not accepted');
    const refused = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(refused).toEqual([
      'bad?.pdf: File name contains invalid characters.',
      'notes.txt: Invalid file format. Please upload a PDF or DOCX file.',
    ]);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('upload-refused')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View candidates' }));
    expect(router.state.location.pathname).toBe('/candidate-details/jd-abc');
    expect(router.state.location.state).toEqual({ jobDescId: 7, jdname: 'QA Lead' });
  });

  it('opens the candidate list when every file was accepted and uploaded', async () => {
    const user = userEvent.setup({ applyAccept: false });
    installXhr((name) => ({
      status: 200,
      body: {
        success: true,
        message: 'Resume uploaded successfully!',
        files: [{ fileName: name, status: 'created', resumeId: 1, analysisStatus: 'queued', message: null }],
      },
    }));
    const { router } = renderArea();
    await user.upload(screen.getByLabelText('Resume files'), [pdf('a.pdf')]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate-details/jd-abc'));
  });

  it('skips the client checks for dropped files and shows the server refusal, staying on the page', async () => {
    installXhr(() => ({ status: 400, body: { message: 'File name contains invalid characters.', code: 'invalid_name' } }));
    const { router } = renderArea();
    fireEvent.drop(screen.getByTestId('upload-dropzone'), { dataTransfer: { files: [pdf('bad?.pdf')] } });
    expect(await screen.findAllByText('Upload failed: File name contains invalid characters.')).not.toHaveLength(0);
    expect(router.state.location.pathname).toBe('/jd/jd-abc');
  });

  it('shows the dedupe message of an updated candidate', async () => {
    installXhr((name) => ({
      status: 200,
      body: {
        success: true,
        message: 'Resume uploaded successfully!',
        files: [
          {
            fileName: name,
            status: 'updated',
            resumeId: 1,
            analysisStatus: 'queued',
            message: 'Updated the existing candidate with this e-mail.',
          },
        ],
      },
    }));
    renderArea();
    fireEvent.drop(screen.getByTestId('upload-dropzone'), { dataTransfer: { files: [pdf('again.pdf')] } });
    expect(await screen.findAllByText('Updated the existing candidate with this e-mail.')).not.toHaveLength(0);
  });

  it('the cancel cross only clears the displayed selection', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderArea();
    await user.upload(screen.getByLabelText('Resume files'), [pdf('x.txt')]);
    expect(screen.getAllByTestId('upload-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryAllByTestId('upload-row')).toHaveLength(0);
  });

  it('takes one CSV for a JD without resumes and lists the refused lines', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockFetch((call) =>
      call.url.startsWith('/api/Drive/UploadCandidatesCsv?jobDescId=7')
        ? json(200, {
            success: true,
            message: 'CSV uploaded successfully!',
            imported: 2,
            updated: 0,
            errors: [{ line: 3, reason: 'No e-mail address.' }],
          })
        : json(200, []),
    );
    renderArea(false);
    await user.upload(screen.getByLabelText('CSV file'), new File(['name,email\n'], 'people.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Line 3: No e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('2 imported, 0 updated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View candidates' })).toBeInTheDocument();
  });
});
