import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderRoutes } from '@/testing/render';

import { assistant, jdCard, resume } from '../testing/fixtures';
import { GlobalSearch } from './global-search';

const FOUND = [
  jdCard('jd-1', 'Rust Engineer', { resumes: [resume(11, 'Ruth Park', { callId: 'call-9' })] }),
  jdCard('jd-2', 'Support Agent', { jdMatched: false, resumes: [resume(12, 'Bruno Diaz')] }),
];
const ASSISTANTS = [assistant('a1', 'Rust interviewer'), assistant('a2', 'Sales coach')];

type Answer = { status: number; body?: unknown };

/** The two endpoints the search reads; `searchAll` may answer per call. */
function server({ searchAll = () => json(200, FOUND) }: { searchAll?: (call: RecordedCall) => Answer } = {}) {
  return mockFetch((call) => {
    if (call.path === '/Drive/SearchAll') return searchAll(call);
    if (call.path === '/Voice/assistants') return json(200, ASSISTANTS);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

function renderSearch() {
  seedSession();
  const user = userEvent.setup();
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <>
          <button type="button">Elsewhere</button>
          <GlobalSearch />
        </>
      ),
    },
    { path: '*', element: <p data-testid="location">elsewhere</p> },
  ]);
  return { user, ...view };
}

const searchCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/Drive/SearchAll').map((call) => call.url);

describe('GlobalSearch', () => {
  it('opens with Ctrl+K or ⌘K, focuses the input, and Escape closes it with focus back where it was', async () => {
    server();
    const { user } = renderSearch();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();

    await user.keyboard('{Control>}k{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByRole('combobox', { name: 'Search JDs, candidates and assistants' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(elsewhere).toHaveFocus();

    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  });

  it('opens from the top bar button, which names its shortcut', async () => {
    server();
    const { user } = renderSearch();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Meta+K Control+K');
    await user.click(button);
    expect(screen.getByRole('combobox')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
  });

  it('leaves Ctrl+K to another open dialog', async () => {
    server();
    const { user } = renderSearch();
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-modal', 'true');
    document.body.append(other);
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    other.remove();
  });

  it('asks once the typing settles, then lists JDs, candidates and assistants in their groups', async () => {
    const { calls } = server();
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(/Find a JD by title or skill/)).toBeInTheDocument();

    await user.type(screen.getByRole('combobox'), 'rust');
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    // Debounced: one question for the whole word.
    expect(searchCalls(calls)).toEqual(['/api/Drive/SearchAll?q=rust']);

    const groups = within(results).getAllByRole('group');
    const groupName = (group: HTMLElement) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(groups.map((group) => [groupName(group), within(group).getAllByRole('option').length])).toEqual([
      ['JDs', 1],
      ['Candidates', 2],
      ['Assistants', 1],
    ]);
    expect(within(results).getByRole('option', { name: /Rust interviewer/ })).toBeInTheDocument();
    expect(within(results).queryByRole('option', { name: /Sales coach/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every JD and resume for “rust”' })).toHaveAttribute('href', '/search?q=rust');
  });

  it('moves through the results with the arrow keys and opens the active one with Enter', async () => {
    server();
    const { user, router } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('combobox');
    await user.type(input, 'rust');
    await screen.findByRole('listbox');

    const active = () => screen.getByRole('option', { selected: true });
    expect(active()).toHaveTextContent('Rust Engineer');
    expect(input).toHaveAttribute('aria-activedescendant', active().id);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Bruno Diaz');
    expect(input).toHaveAttribute('aria-activedescendant', active().id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(active()).toHaveTextContent('Rust interviewer');
    await user.keyboard('{Home}');
    expect(active()).toHaveTextContent('Rust Engineer');

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/analysis/11/call-9'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a JD with its name in the navigation state when clicked', async () => {
    server();
    const { user, router } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('combobox'), 'rust');
    await user.click(await screen.findByRole('option', { name: /^Rust Engineer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jd/jd-1'));
    expect(router.state.location.state).toEqual({ jdname: 'Rust Engineer', jobDescId: 1 });
  });

  it('says when nothing matched', async () => {
    server({ searchAll: () => json(200, []) });
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('combobox'), 'zzz');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('says a failed search failed, never "no results", and Retry asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { calls } = server({
      searchAll: () => (fail ? json(500, { message: 'Internal error', code: 'internal' }) : json(200, FOUND)),
    });
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('combobox'), 'ru');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while searching.');
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
    // The assistants answered, so their match still shows beside the failure.
    expect(screen.getByRole('option', { name: /Rust interviewer/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Ruth Park/ })).not.toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: /Ruth Park/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(searchCalls(calls)).toEqual(['/api/Drive/SearchAll?q=ru', '/api/Drive/SearchAll?q=ru']);
  });

  it('starts empty each time it opens', async () => {
    server();
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('combobox'), 'rust');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});
