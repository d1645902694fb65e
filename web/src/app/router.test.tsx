import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { routes } from './router';

// Quill does not run in jsdom.
vi.mock('@/features/jobs/components/rich-text-editor', () => ({ RichTextEditor: () => <textarea aria-label="Job Description" /> }));

const ME = { email: 'admin@example.com', userFullName: 'Admin User' };

function meServer(me: typeof ME | null = ME) {
  return mockFetch((call) => {
    if (call.path === '/auth/me') return me ? json(200, me) : json(401, { message: 'Unauthorized', code: 'unauthorized' });
    if (call.path === '/auth/logout') return json(200, { success: true });
    if (call.path === '/Drive/JDFolders' || call.path === '/Drive/Bin' || call.path === '/Drive/SearchAll') return json(200, []);
    if (call.path === '/Drive/GetJDByID') return json(404, { message: 'Invalid JD ID.', code: 'invalid_id' });
    if (call.path === '/Drive/GetAllCandidates' || call.path === '/Drive/ViewJDResumes') return json(200, []);
    if (call.path === '/Interview/ResumeDetails') return json(200, []);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
};

describe('routes', () => {
  afterEach(() => setWidth(1024));

  it('sends a protected URL to /login without a session', async () => {
    meServer();
    const { router } = renderRoutes(routes, { at: '/folders' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Hirelane' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the 404 page for an unknown path, and Go Back leaves it', async () => {
    seedSession();
    meServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { at: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '404 - Invalid URL' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the dashboard heading and the initials for a signed-in user', async () => {
    seedSession({ fullName: 'Admin User' });
    meServer();
    renderRoutes(routes, { at: '/' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Hirelane' })).toBeInTheDocument();
    expect(screen.getByTestId('user-initials')).toHaveTextContent('AU');
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    seedSession();
    meServer();
    const { router } = renderRoutes(routes, { at: '/login' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Hirelane' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/folders', 'JD Folders', 'No JD folders yet'],
    ['/jd/abc', 'Job Description', 'Invalid JD ID.'],
    ['/recent', 'Recent Job Descriptions', 'Senior Frontend Engineer'],
    ['/create?folder=abc', 'Create New Job Description', 'Resume Required'],
    ['/bin', 'Bin', 'The bin is empty'],
  ])('serves the job description page %s (%s) inside the shell', async (path, title, text) => {
    seedSession();
    meServer();
    renderRoutes(routes, { at: path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it.each([
    ['/search?q=rust', 'Search JDs & Resumes', 'No results found.'],
    ['/candidates', 'Candidate List', 'No candidates found'],
    ['/candidate/analysis/5/call-1', 'Candidate Analysis', 'No analysis available for this candidate'],
    ['/candidate-details/abc', 'Candidates', 'No candidates found'],
  ])('serves the candidate page %s (%s) inside the shell', async (path, title, text) => {
    seedSession();
    meServer();
    renderRoutes(routes, { at: path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it.each(['/edit/1', '/editjd/1'])('serves the edit page at %s (an unknown id goes back to /folders)', async (path) => {
    seedSession();
    meServer();
    const { router } = renderRoutes(routes, { at: path });
    expect(await screen.findByText('Invalid JD ID.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
  });

  it.each([['/templates', 'Templates']])('registers protected route %s (%s) inside the shell', async (path, title) => {
    seedSession();
    meServer();
    renderRoutes(routes, { at: path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  // The voice pages are built; with every API call failing they show their empty or error views.
  it.each([
    ['/interview', 'Welcome to Voice AI Interview'],
    ['/interview/schedule', 'Schedule Interview Call'],
    ['/interview/history', 'Interview Call History'],
    ['/call-history', 'Interview Call History'],
    ['/analysis/call-1', 'Analysis not available'],
    ['/interview/assistants', 'AI Assistants'],
    ['/interview/assistants/asst-1', 'Assistant not found'],
    ['/interview/create-assistant', 'Create Interview Assistant'],
    ['/interview/search', 'Search AI Interviewers'],
  ])('registers voice route %s (%s) inside the shell', async (path, title) => {
    seedSession();
    meServer();
    renderRoutes(routes, { at: path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  // The candidate pages: an unknown invite (the mock answers 404) shows 'No data found.'.
  it.each([
    ['/ScheduleInterview', 'No data found.'],
    ['/scheduleInterview?inviteId=abc', 'No data found.'],
    ['/nextstep?inviteId=abc', 'No data found.'],
    ['/thank-you', 'Thank you for completing your interview.'],
    ['/interviewguidelines', 'Interview Guidelines'],
    ['/interview/candidate-details?inviteId=abc', 'No data found.'],
    ['/interview/join/abc', 'No data found.'],
  ])('serves public route %s without a session', async (path, title) => {
    const { calls } = meServer();
    const { router } = renderRoutes(routes, { at: path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).not.toBe('/login');
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    // Only the invite's own public calls (its next step; the details form it is asked), never
    // the recruiter's session.
    for (const call of calls) expect(call.url).toMatch(/^\/api\/Interview\/(NextStep|DetailsForm)\/abc$/);
    for (const call of calls) expect(call.headers.authorization).toBeUndefined();
  });
});

describe('app shell', () => {
  afterEach(() => setWidth(1024));

  it('opens the account dropdown with the full name, and Logout ends the session on the server and clears it here', async () => {
    seedSession({ fullName: 'Admin User' });
    sessionStorage.setItem('token', 'access-1');
    const { calls } = meServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { at: '/' });

    await user.click(await screen.findByRole('button', { name: 'Account menu for Admin User' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Admin User')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    for (const key of ['token', 'refreshToken', 'tokenExpiry', 'fullName']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    const logout = calls.find((call) => call.path === '/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.authorization).toMatch(/^Bearer /);
  });

  it('closes the dropdown with Escape', async () => {
    seedSession();
    meServer();
    const user = userEvent.setup();
    renderRoutes(routes, { at: '/' });
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out when no full name is stored', async () => {
    seedSession({ fullName: null });
    meServer();
    const { router } = renderRoutes(routes, { at: '/folders' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows initials from the first two words of the stored name', async () => {
    seedSession({ fullName: 'maria de la cruz' });
    meServer({ email: 'm@example.com', userFullName: 'maria de la cruz' });
    renderRoutes(routes, { at: '/' });
    expect(await screen.findByTestId('user-initials')).toHaveTextContent('MD');
  });

  it('starts with the sidebar expanded on wide screens and toggles it', async () => {
    setWidth(1280);
    seedSession();
    meServer();
    const user = userEvent.setup();
    renderRoutes(routes, { at: '/' });
    const toggle = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Job Dashboard', 'JD Folders', 'Create New JD', 'Candidate List']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'JD Folders' })).toHaveAttribute('href', '/folders');
    expect(screen.getByRole('link', { name: 'Create New JD' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: 'Candidate List' })).toHaveAttribute('href', '/candidates');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts with the sidebar collapsed under 640 px', async () => {
    setWidth(375);
    seedSession();
    meServer();
    renderRoutes(routes, { at: '/' });
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('expands and collapses the Jobs section', async () => {
    seedSession();
    meServer();
    const user = userEvent.setup();
    renderRoutes(routes, { at: '/' });
    const jobs = await screen.findByRole('button', { name: 'Jobs' });
    expect(jobs).toHaveAttribute('aria-expanded', 'true');
    await user.click(jobs);
    expect(jobs).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'JD Folders' })).not.toBeInTheDocument();
    await user.click(jobs);
    expect(screen.getByRole('link', { name: 'JD Folders' })).toBeInTheDocument();
  });

  it('follows a sidebar link', async () => {
    seedSession();
    meServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { at: '/' });
    await user.click(await screen.findByRole('link', { name: 'JD Folders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'JD Folders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/folders');
  });

  it('goes to /login when /auth/me answers 401 and the refresh fails', async () => {
    seedSession();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => json(401, { message: 'Unauthorized', code: 'unauthorized' }));
    const { router } = renderRoutes(routes, { at: '/' });
    // The client's session-expired handler is the app's; here the guard sees the cleared session.
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    await router.navigate('/folders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('app shell on a phone', () => {
  afterEach(() => setWidth(1024));

  it('closes the open sidebar with Escape and after following a link', async () => {
    setWidth(375);
    seedSession();
    meServer();
    const user = userEvent.setup();
    renderRoutes(routes, { at: '/' });
    await user.click(await screen.findByRole('button', { name: 'Expand sidebar' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Create New JD' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Job Description' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not ask the server who is signed in when no name is stored', async () => {
    seedSession({ fullName: null });
    const { calls } = meServer();
    const { router } = renderRoutes(routes, { at: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // It only ends the session (on the server too).
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/logout']);
  });
});
