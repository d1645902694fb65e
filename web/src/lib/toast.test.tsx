import { act, render, screen } from '@testing-library/react';
import { toast as base, ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearToastsOnNavigation, toast } from './toast';

function renderToasts() {
  render(<ToastContainer autoClose={false} limit={20} />);
}

afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

describe('toast', () => {
  it('shows a message once while it is on screen', async () => {
    renderToasts();
    act(() => {
      for (let i = 0; i < 6; i += 1) toast.error('Invalid file format. Please upload a PDF or DOCX file.');
    });
    expect(await screen.findAllByText('Invalid file format. Please upload a PDF or DOCX file.')).toHaveLength(1);
  });

  it('keeps different messages, and the same text of another kind, apart', async () => {
    renderToasts();
    act(() => {
      toast.error('Saved?');
      toast.success('Saved?');
      toast.error('Something else');
    });
    expect(await screen.findAllByText('Saved?')).toHaveLength(2);
    expect(screen.getByText('Something else')).toBeInTheDocument();
  });

  it('clears the last page’s toasts on a route change, but lets a kept one through that change only', () => {
    const dismiss = vi.spyOn(base, 'dismiss');
    const stale = toast.error('Invalid OTP. Please check otp and try again.');
    const kept = toast.success('Signed in', { keepOnNavigation: true });

    clearToastsOnNavigation();
    expect(dismiss.mock.calls).toEqual([[stale]]);

    clearToastsOnNavigation();
    expect(dismiss.mock.calls).toEqual([[stale], [kept]]);
  });

  it('forgets dismissed toasts, so a route change has nothing left to clear', () => {
    toast.error('Failed to send OTP. Please try again.');
    toast.dismiss();
    const dismiss = vi.spyOn(base, 'dismiss');
    clearToastsOnNavigation();
    expect(dismiss).not.toHaveBeenCalled();
  });
});
