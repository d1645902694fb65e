import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';
import type { Handler, RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { LoginForm } from './login-form';

const SENT = { success: true, message: 'If the address is registered, a code has been sent.' };
const VERIFIED = {
  success: true,
  data: {
    token: 'access-1',
    validTo: '2099-01-01T00:00:00Z',
    refreshToken: 'refresh-1',
    user: { userFullName: 'Admin User', email: 'admin@example.com' },
  },
};

/** A server with default happy answers; `overrides` replace them per path. */
function server(overrides: Partial<Record<'requestotp' | 'verifyotp', Handler>> = {}) {
  return mockFetch((call: RecordedCall) => {
    if (call.path === '/auth/requestotp') return overrides.requestotp?.(call) ?? json(200, SENT);
    if (call.path === '/auth/verifyotp') return overrides.verifyotp?.(call) ?? json(200, VERIFIED);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

function setup() {
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = renderPage(<LoginForm />, { path: '/login' });
  return { user, ...view };
}

async function sendOtp(user: ReturnType<typeof userEvent.setup>, email = 'admin@example.com') {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByRole('heading', { name: 'Verify Code' });
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}

describe('LoginForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for an e-mail address before sending', async () => {
    const { fetchMock } = server();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed, lowercased e-mail with retry=false and shows the code step', async () => {
    const { calls } = server();
    const { user } = setup();
    await sendOtp(user, '  Admin@Example.COM ');

    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/requestotp?email=admin%40example.com&retry=false' });
    expect(await screen.findByText('OTP sent successfully.')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /Digit \d of 6/ })).toHaveLength(6);
    expect(screen.getByText('admin@example.com')).toBeInTheDocument();
    expect(screen.getByText('For security, this code expires in 15 minutes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus();
  });

  it.each([
    [
      400,
      { message: 'Please enter a valid e-mail address.', code: 'invalid_email' },
      'Failed to send OTP. Please check you email address.',
    ],
    [500, { message: 'Internal error', code: 'internal' }, 'Failed to send OTP. Please try again.'],
  ])('a %i on send shows %j', async (status, body, text) => {
    server({ requestotp: () => json(status, body) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verify Code' })).not.toBeInTheDocument();
  });

  it('a success flag of false on send asks to check the address', async () => {
    server({ requestotp: () => json(200, { success: false }) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Failed to send OTP. Please check you email address.')).toBeInTheDocument();
  });

  it('asks for the OTP when the code is incomplete', async () => {
    const { calls } = server();
    const { user } = setup();
    await sendOtp(user);
    await typeCode(user, '123');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Please enter the OTP.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/verifyotp')).toHaveLength(0);
  });

  it('signs in: stores the session and goes to /', async () => {
    const { calls } = server();
    const { user, router } = setup();
    await sendOtp(user);
    await typeCode(user, '123456');
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.at(-1)).toMatchObject({
      url: '/api/auth/verifyotp',
      body: { email: 'admin@example.com', otpCode: '123456' },
    });
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('tokenExpiry')).toBe('2099-01-01T00:00:00Z');
    expect(localStorage.getItem('fullName')).toBe('Admin User');
  });

  it("stores 'N/A' when the answer has no full name", async () => {
    server({ verifyotp: () => json(200, { data: { token: 't', validTo: '2099-01-01T00:00:00Z', user: {} } }) });
    const { user, router } = setup();
    await sendOtp(user);
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '123456' } });
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('fullName')).toBe('N/A');
  });

  it("rejects an answer without a token: 'Invalid Login Response.'", async () => {
    server({ verifyotp: () => json(200, { success: true, data: {} }) });
    const { user, router } = setup();
    await sendOtp(user);
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Invalid Login Response.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a wrong code shows the toast and the attempts remaining', async () => {
    server({
      verifyotp: () => json(400, { message: 'Invalid OTP. Please check otp and try again.', code: 'invalid_otp', attemptsRemaining: 4 }),
    });
    const { user } = setup();
    await sendOtp(user);
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Invalid OTP. Please check otp and try again.')).toBeInTheDocument();
    expect(screen.getByText('Attempts remaining: 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveValue('');
  });

  it('a dead code (0 attempts left) disables Verify OTP', async () => {
    server({
      verifyotp: () =>
        json(400, { message: 'This code has expired. Please request a new one.', code: 'otp_expired', attemptsRemaining: 0 }),
    });
    const { user } = setup();
    await sendOtp(user);
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('This code has expired. Please request a new one.')).toBeInTheDocument();
    expect(screen.getByText(/Attempts remaining: 0/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
  });

  it('the back arrow returns to the e-mail step and resets code, attempts and timer', async () => {
    server({
      verifyotp: () => json(400, { message: 'Invalid OTP.', code: 'invalid_otp', attemptsRemaining: 2 }),
    });
    const { user } = setup();
    await sendOtp(user);
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByText('Attempts remaining: 2');

    await user.click(screen.getByRole('button', { name: 'Back to e-mail' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('heading', { name: 'Verify Code' });
    expect(screen.queryByText(/Attempts remaining/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
  });

  it('resends with retry=true after the 60 s countdown, at most 3 times', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = server();
    const { user } = setup();
    await sendOtp(user);

    for (let resend = 1; resend <= 3; resend += 1) {
      expect(screen.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
      expect(await screen.findByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
    }
    const requests = calls.filter((call) => call.path === '/auth/requestotp').map((call) => call.url);
    expect(requests).toEqual([
      '/api/auth/requestotp?email=admin%40example.com&retry=false',
      ...Array.from({ length: 3 }, () => '/api/auth/requestotp?email=admin%40example.com&retry=true'),
    ]);
    expect(await screen.findAllByText('OTP sent successfully again.')).not.toHaveLength(0);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(screen.getByText('Maximum resend attempts reached. Please try again later.')).toHaveAttribute('role', 'alert');
    expect(calls.filter((call) => call.path === '/auth/requestotp')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  });

  it('a 429 on resend shows the try-later toast and waits as the server asks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server({
      requestotp: (call) =>
        call.url.endsWith('retry=true')
          ? json(429, { message: 'Please wait before asking again.', code: 'resend_cooldown', retryAfterSeconds: 30 })
          : json(200, SENT),
    });
    const { user } = setup();
    await sendOtp(user);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Failed to resend OTP. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP in 30s' })).toBeDisabled();
  });

  it('another resend failure shows the try-again toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server({
      requestotp: (call) => (call.url.endsWith('retry=true') ? json(500, { message: 'x', code: 'internal' }) : json(200, SENT)),
    });
    const { user } = setup();
    await sendOtp(user);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Failed to resend OTP. Please try again.')).toBeInTheDocument();
  });
});
