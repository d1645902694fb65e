import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ListState } from './list-state';
import type { ListStateProps } from './list-state';

const query = (state: Partial<ListStateProps['query']> = {}): ListStateProps['query'] => ({
  isPending: false,
  isError: false,
  isFetching: false,
  data: [],
  refetch: vi.fn(() => Promise.resolve()),
  ...state,
});

function renderList(state: Partial<ListStateProps['query']>, { isEmpty = false } = {}) {
  const q = query(state);
  render(
    <ListState
      query={q}
      loading={<p>Loading…</p>}
      errorMessage="The folders could not be loaded."
      isEmpty={isEmpty}
      empty={<p>No folders</p>}
    >
      <ul aria-label="Folders" />
    </ListState>,
  );
  return q;
}

describe('ListState', () => {
  it('shows the loading view first', () => {
    renderList({ isPending: true, data: undefined });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('shows a failed list as an error with Retry, never as empty', async () => {
    const q = renderList({ isError: true, data: undefined }, { isEmpty: true });
    expect(screen.getByRole('alert')).toHaveTextContent('The folders could not be loaded.');
    expect(screen.queryByText('No folders')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('marks Retry busy while asking again', () => {
    renderList({ isError: true, isFetching: true, data: undefined });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });

  it('keeps rows already shown when a refresh fails', () => {
    renderList({ isError: true, data: [1] });
    expect(screen.getByRole('list', { name: 'Folders' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells an empty list from the rows', () => {
    renderList({ data: [] }, { isEmpty: true });
    expect(screen.getByText('No folders')).toBeInTheDocument();
  });
});
