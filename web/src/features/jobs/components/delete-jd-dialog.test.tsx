import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DELETE_REASON_REQUIRED, DeleteJdDialog, canConfirmDelete } from './delete-jd-dialog';

describe('canConfirmDelete', () => {
  it('needs a non-blank reason and no delete in flight', () => {
    expect(canConfirmDelete('', false)).toBe(false);
    expect(canConfirmDelete('  \n ', false)).toBe(false);
    expect(canConfirmDelete('Role closed', false)).toBe(true);
    expect(canConfirmDelete('Role closed', true)).toBe(false);
  });
});

function renderDialog(props: Partial<Parameters<typeof DeleteJdDialog>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  const view = render(<DeleteJdDialog open jdname="QA Lead" deleting={false} onCancel={onCancel} onConfirm={onConfirm} {...props} />);
  return { ...view, onCancel, onConfirm };
}

describe('DeleteJdDialog', () => {
  it('shows the spec texts and keeps Confirm Delete disabled until a reason is typed', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete JD - QA Lead' });
    expect(dialog).toHaveTextContent('Provide a reason for deleting this JD:');
    expect(dialog).toHaveTextContent('The data will be moved to the bin and will be permanently deleted after 30 days.');
    const reason = screen.getByPlaceholderText('Enter reason...');
    expect(reason).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Confirm Delete' });
    expect(confirm).toBeDisabled();

    await user.type(reason, '   ');
    expect(confirm).toBeDisabled();
    expect(screen.getByText(DELETE_REASON_REQUIRED)).toBeInTheDocument();

    await user.type(reason, 'Position filled');
    expect(confirm).toBeEnabled();
    expect(screen.queryByText(DELETE_REASON_REQUIRED)).not.toBeInTheDocument();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('Position filled');
  });

  it('shows Deleting... with both buttons disabled while busy', () => {
    renderDialog({ deleting: true });
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('Cancel and Escape close it and forget the reason', async () => {
    const user = userEvent.setup();
    const { onCancel, rerender, onConfirm } = renderDialog();
    await user.type(screen.getByPlaceholderText('Enter reason...'), 'typo');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<DeleteJdDialog open jdname="QA Lead" deleting={false} onCancel={onCancel} onConfirm={onConfirm} />);
    expect(screen.getByPlaceholderText('Enter reason...')).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
