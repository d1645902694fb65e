import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { EVIDENCE } from '@/testing/interview-evidence';
import { renderRoutes } from '@/testing/render';

import { routes } from './router';

// Quill does not run in jsdom.
vi.mock('@/features/jobs/components/rich-text-editor', () => ({ RichTextEditor: () => <textarea aria-label="Job Description" /> }));

const JD = {
  jobDescId: 7,
  jdid: 'jd-7',
  jdname: 'Rust Engineer',
  jddescription: '',
  keySkills: 'Rust, SQL, Linux',
  experience: '3 years',
  additionalNotes: '',
  createdOn: '2026-11-20T09:00:00Z',
  applyLastDate: null,
  resumeRequired: true,
};

/** What each detail page loads, just enough for its name; everything else is missing. */
function detailServer() {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    switch (url.pathname) {
      case '/api/auth/me':
        return json(200, { email: 'admin@example.com', userFullName: 'Admin User', role: 'admin' });
      case '/api/Drive/GetJDByID':
        return json(200, JD);
      case '/api/Pipeline/Board':
        return json(200, { jobDescId: 7, jdid: 'jd-7', jdname: 'Rust Engineer', total: 0, columns: [] });
      case '/api/Drive/ViewJDResumes':
        return json(200, []);
      case '/api/Interview/ResumeDetails':
        return json(200, [{ candidateName: 'Asha Rao', jobName: 'Rust Engineer', candidateEmail: 'asha@example.com', atsScore: 0 }]);
      case '/api/Voice/assistants/a1':
        return json(200, { id: 'a1', name: 'Ava', createdAt: '', updatedAt: '', model: {}, voice: {}, metadata: null });
      case '/api/Interview/InterviewAnalysis/call-1':
        return json(200, { callId: 'call-1', candidateName: 'Asha Rao', interviewStatus: 'pass', structuredData: null, ...EVIDENCE });
      default:
        return json(404, { message: 'Not found', code: 'not_found' });
    }
  });
}

describe('breadcrumbs on the detail pages', () => {
  it.each([
    ['/jd/jd-7', 'JD Folders', [['JD Folders', '/folders']], 'Rust Engineer'],
    [
      '/jd/jd-7/board',
      'JD Folders',
      [
        ['JD Folders', '/folders'],
        ['Rust Engineer', '/jd/jd-7'],
      ],
      'Board',
    ],
    [
      '/editjd/jd-7',
      'JD Folders',
      [
        ['JD Folders', '/folders'],
        ['Rust Engineer', '/jd/jd-7'],
      ],
      'Edit',
    ],
    [
      '/candidate-details/jd-7',
      'JD Folders',
      [
        ['JD Folders', '/folders'],
        ['Rust Engineer', '/jd/jd-7'],
      ],
      'Candidates',
    ],
    ['/candidate/analysis/11/0', 'Candidate List', [['Candidate List', '/candidates']], 'Asha Rao'],
    ['/interview/assistants/a1', 'Assistants', [['Assistants', '/interview/assistants']], 'Ava'],
    ['/analysis/call-1', 'Call history', [['Call history', '/interview/history']], 'Asha Rao'],
  ])('%s: links up to its section, ends at the page, and keeps %s lit', async (path, section, links, current) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    seedSession();
    detailServer();
    renderRoutes(routes, { at: path });

    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(trail).findByText(current)).toHaveAttribute('aria-current', 'page');
    // A JD's name arrives with its own request, after the crumb of the page itself.
    await waitFor(() =>
      expect(
        within(trail)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual(links),
    );
    // The sidebar still shows the section the page belongs to.
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
  });
});
