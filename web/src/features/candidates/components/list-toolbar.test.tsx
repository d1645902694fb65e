import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DEFAULT_FILTERS } from '../lib/list-filters';
import { ListToolbar } from './list-toolbar';

describe('ListToolbar', () => {
  it('folds the selects behind one Filters button that counts the filters set (shown on a phone only)', async () => {
    const user = userEvent.setup();
    render(<ListToolbar filters={{ ...DEFAULT_FILTERS, stage: 'rejected', recommendation: 'Pass' }} onChange={vi.fn()} />);

    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle).toHaveClass('sm:hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = screen.getByTestId('filter-panel');
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    // Folded below 640 px only; from there up the selects are always in view.
    expect(panel).toHaveClass('max-sm:hidden');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('max-sm:hidden');
  });

  it("names the ATS's pass and fail in the candidate page's words", () => {
    render(<ListToolbar filters={DEFAULT_FILTERS} onChange={vi.fn()} />);
    const select = screen.getByLabelText('ATS recommendation');
    expect(Array.from(select.querySelectorAll('option')).map((option) => [option.value, option.textContent])).toEqual([
      ['', 'All'],
      ['Pass', 'Selected'],
      ['Fail', 'Not Selected'],
    ]);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
