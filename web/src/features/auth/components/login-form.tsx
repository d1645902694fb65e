import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, MailIcon, ShieldIcon } from '@/components/ui/icons';
import { LOGIN_SUCCESS_TOAST_MS, OTP_LENGTH, OTP_MAX_RESENDS, OTP_RESEND_COOLDOWN_SECONDS, OTP_VALID_MINUTES } from '@/config/constants';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { saveLoginSession } from '@/lib/session';
import { toast } from '@/lib/toast';

import { useRequestOtp } from '../api/request-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCountdown } from '../hooks/use-countdown';
import { OtpInput } from './otp-input';

/** Every login text of SPEC section 8, in one place. */
export const loginMessages = {
  emailRequired: 'Please enter your email address.',
  sendFailed: 'Failed to send OTP. Please try again.',
  sendRejected: 'Failed to send OTP. Please check you email address.',
  sent: 'OTP sent successfully.',
  resent: 'OTP sent successfully again.',
  resendFailed: 'Failed to resend OTP. Please try again.',
  resendLimited: 'Failed to resend OTP. Please try again later.',
  otpRequired: 'Please enter the OTP.',
  invalidResponse: 'Invalid Login Response.',
  invalidOtp: 'Invalid OTP. Please check otp and try again.',
  maxResends: 'Maximum resend attempts reached. Please try again later.',
  verifyFailed: 'Failed to verify OTP. Please try again.',
  signedIn: 'Signed in successfully.',
} as const;

const emptyDigits = () => Array.from({ length: OTP_LENGTH }, () => '');

type Step = 'email' | 'code';

export function LoginForm() {
  const navigate = useNavigate();
  const requestOtp = useRequestOtp();
  const verifyOtp = useVerifyOtp();
  const countdown = useCountdown();

  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [digits, setDigits] = useState<string[]>(emptyDigits);
  const [attemptsRemaining, setAttemptsRemaining] = useState<number | null>(null);
  const [resendCount, setResendCount] = useState(0);
  const [maxResendsReached, setMaxResendsReached] = useState(false);
  const codeStepRef = useRef<HTMLFormElement>(null);

  const ids = { email: useId(), codeLabel: useId(), codeHint: useId() };
  const sending = requestOtp.isPending && requestOtp.variables.retry === false;
  const resending = requestOtp.isPending && requestOtp.variables.retry === true;
  const codeDead = attemptsRemaining === 0;

  const focusFirstBox = () => {
    codeStepRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  /** Back to the e-mail step: forgets the code, attempts, resends and timer. */
  const resetCodeStep = () => {
    setStep('email');
    setDigits(emptyDigits());
    setAttemptsRemaining(null);
    setResendCount(0);
    setMaxResendsReached(false);
    countdown.reset();
  };

  const handleSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = email.trim().toLowerCase();
    if (!normalized) {
      toast.error(loginMessages.emailRequired);
      return;
    }
    try {
      const result = await requestOtp.mutateAsync({ email: normalized, retry: false });
      if (!result?.success) {
        toast.error(loginMessages.sendRejected);
        return;
      }
      toast.success(loginMessages.sent);
      setEmail(normalized);
      setSentTo(normalized);
      setDigits(emptyDigits());
      setAttemptsRemaining(null);
      setResendCount(0);
      setMaxResendsReached(false);
      setStep('code');
      countdown.start(OTP_RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      if (isApiError(error) && error.status === 400) toast.error(loginMessages.sendRejected);
      else if (isApiError(error) && error.status === 429) toast.error(error.message);
      else toast.error(loginMessages.sendFailed);
    }
  };

  const handleResend = async () => {
    if (countdown.secondsLeft > 0 || requestOtp.isPending) return;
    if (resendCount >= OTP_MAX_RESENDS) {
      setMaxResendsReached(true);
      return;
    }
    try {
      const result = await requestOtp.mutateAsync({ email: sentTo, retry: true });
      if (!result?.success) {
        toast.error(loginMessages.resendFailed);
        return;
      }
      toast.success(loginMessages.resent);
      setResendCount((count) => count + 1);
      setDigits(emptyDigits());
      setAttemptsRemaining(null);
      countdown.start(OTP_RESEND_COOLDOWN_SECONDS);
      focusFirstBox();
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        toast.error(loginMessages.resendLimited);
        if (error.code === 'resend_limit') setMaxResendsReached(true);
        const wait = error.body?.retryAfterSeconds;
        if (typeof wait === 'number' && wait > 0) countdown.start(wait);
      } else {
        toast.error(loginMessages.resendFailed);
      }
    }
  };

  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const otpCode = digits.join('');
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otpCode)) {
      toast.error(loginMessages.otpRequired);
      focusFirstBox();
      return;
    }
    try {
      const result = await verifyOtp.mutateAsync({ email: sentTo, otpCode });
      const data = result?.data;
      if (!data?.token) {
        toast.error(loginMessages.invalidResponse);
        return;
      }
      saveLoginSession({
        token: data.token,
        refreshToken: data.refreshToken ?? null,
        validTo: data.validTo ?? null,
        fullName: data.user?.userFullName ?? null,
      });
      // What the sign-in page said (a wrong code, a resend) is done with; only the welcome goes on.
      toast.dismiss();
      toast.success(loginMessages.signedIn, { autoClose: LOGIN_SUCCESS_TOAST_MS, keepOnNavigation: true });
      void navigate(paths.dashboard, { replace: true });
    } catch (error) {
      setDigits(emptyDigits());
      focusFirstBox();
      if (!isApiError(error) || error.status === 0) {
        toast.error(loginMessages.verifyFailed);
        return;
      }
      const remaining = error.body?.attemptsRemaining;
      if (typeof remaining === 'number') setAttemptsRemaining(Math.max(0, remaining));
      if (error.code === 'invalid_otp' || !error.body) toast.error(loginMessages.invalidOtp);
      else toast.error(error.message);
    }
  };

  if (step === 'email') {
    return (
      <form noValidate onSubmit={handleSend} aria-labelledby="login-title">
        <title>Sign in · Hirelane</title>
        <h1 id="login-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          Sign in to Hirelane
        </h1>
        <p className="mt-2 text-sm text-slate-600">Enter your work e-mail and we&apos;ll send you a one-time code.</p>

        <label htmlFor={ids.email} className="mt-8 block text-sm font-medium text-slate-700">
          Email address
        </label>
        <div className="relative mt-2">
          <MailIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
          <input
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoFocus
            placeholder="you@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-10 pr-3 text-slate-900 shadow-sm outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-3 focus:ring-brand-200"
          />
        </div>

        <Button type="submit" fullWidth loading={sending} className="mt-6">
          {sending ? 'Sending…' : 'Send OTP'}
        </Button>
      </form>
    );
  }

  const resendLabel = countdown.secondsLeft > 0 ? `Resend OTP in ${countdown.secondsLeft}s` : resending ? 'Resending…' : 'Resend OTP';

  return (
    <form ref={codeStepRef} noValidate onSubmit={handleVerify} aria-labelledby="verify-title">
      <title>Verify code · Hirelane</title>
      <button
        type="button"
        onClick={resetCodeStep}
        aria-label="Back to e-mail"
        className="-ml-2 mb-4 inline-flex items-center gap-1 rounded-lg p-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeftIcon />
        <span>Change e-mail</span>
      </button>
      <h1 id="verify-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Verify Code
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Enter the {OTP_LENGTH}-digit code sent to <span className="font-medium text-slate-900">{sentTo}</span>.
      </p>

      <p id={ids.codeLabel} className="mt-8 text-sm font-medium text-slate-700">
        Verification code
      </p>
      <div className="mt-2">
        <OtpInput
          digits={digits}
          onChange={setDigits}
          labelledBy={ids.codeLabel}
          describedBy={ids.codeHint}
          invalid={attemptsRemaining !== null}
          disabled={verifyOtp.isPending}
          autoFocus
        />
      </div>

      <div className="mt-3 min-h-5 text-sm" aria-live="polite">
        {attemptsRemaining !== null && (
          <p className={attemptsRemaining > 0 ? 'text-amber-700' : 'text-red-700'}>
            Attempts remaining: {attemptsRemaining}
            {codeDead && ' — request a new code with Resend OTP.'}
          </p>
        )}
      </div>

      {maxResendsReached && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {loginMessages.maxResends}
        </p>
      )}

      <Button type="submit" fullWidth loading={verifyOtp.isPending} disabled={codeDead} className="mt-4">
        {verifyOtp.isPending ? 'Verifying…' : 'Verify OTP'}
      </Button>

      <div className="mt-4 flex items-center justify-center gap-1 text-sm text-slate-600">
        <span>Didn&apos;t get the code?</span>
        <Button variant="link" onClick={handleResend} disabled={countdown.secondsLeft > 0 || requestOtp.isPending || maxResendsReached}>
          {resendLabel}
        </Button>
      </div>

      <p id={ids.codeHint} className="mt-6 flex items-center justify-center gap-2 text-xs text-slate-500">
        <ShieldIcon width={16} height={16} />
        For security, this code expires in {OTP_VALID_MINUTES} minutes
      </p>
    </form>
  );
}
