import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { DOCX_NOTE, ViewResumeLink } from './resume-viewer';

const LINK = '/api/Drive/ResumeFile?file=f-1&expires=1&sig=abc';
const FRESH = '/api/Drive/ResumeFile?file=f-1&expires=2&sig=def';

function serve(preview: Record<string, unknown>) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.path === '/Drive/ResumePreview' && url.searchParams.get('resumeFileId') === 'f-1')
      return json(200, { fileName: 'jane.docx', fileType: 'docx', filePath: FRESH, html: null, problem: null, ...preview });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

async function open() {
  const user = userEvent.setup();
  renderPage(
    <ViewResumeLink filePath={LINK} candidateName="Jane Doe">
      View Resume
    </ViewResumeLink>,
  );
  const link = screen.getByRole('link', { name: 'View Resume' });
  // Still a link to the file, for a new tab.
  expect(link).toHaveAttribute('href', LINK);
  await user.click(link);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Resume of Jane Doe' }) };
}

describe('ViewResumeLink', () => {
  it("shows a DOCX as the server's HTML, the file's markup as text, with Download and Close", async () => {
    seedSession();
    serve({ html: '<h1>Jane Doe</h1><h2>Experience</h2><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' });
    const { user, dialog } = await open();
    const document = await within(dialog).findByRole('article', { name: 'Resume of Jane Doe' });
    expect(within(document).getByRole('heading', { level: 2, name: 'Experience' })).toBeInTheDocument();
    expect(document).toHaveTextContent('<script>alert(1)</script>');
    expect(document.querySelector('script')).toBeNull();
    expect(within(dialog).getByText(DOCX_NOTE)).toBeInTheDocument();
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', FRESH);
    expect(download).toHaveAttribute('download', 'jane.docx');
    // Focus starts on Close, at the top, not on a link in the resume.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('frames a PDF from its fresh signed link', async () => {
    seedSession();
    serve({ fileName: 'jane.pdf', fileType: 'pdf' });
    const { dialog } = await open();
    const frame = await within(dialog).findByTitle('Resume of Jane Doe');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', FRESH);
  });

  it('says why a DOCX cannot be shown and still offers the download', async () => {
    seedSession();
    serve({ problem: 'This file is too large to show here. Download it to open it.' });
    const { dialog } = await open();
    expect(await within(dialog).findByTestId('resume-problem')).toHaveTextContent('This file is too large to show here.');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('href', FRESH);
  });
});
