import type { ReactNode } from 'react';

import { CheckIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';

const highlights = [
  'ATS scores with a clear Pass/Fail recommendation',
  'AI voice interviews candidates schedule themselves',
  'Interview analysis you can review in minutes',
];

/**
 * Desktop: a brand panel beside the form. Mobile: the logo above a
 * full-width form.
 */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full">
      <aside
        aria-label="About Hirelane"
        className="relative hidden w-[44%] max-w-2xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 p-12 text-white lg:flex"
      >
        <div aria-hidden="true" className="pointer-events-none absolute -right-32 -top-32 size-96 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-40 -left-24 size-[28rem] rounded-full bg-indigo-300/20 blur-3xl"
        />
        <Logo inverted className="relative" />
        <div className="relative max-w-md">
          <h2 className="text-4xl font-semibold leading-tight tracking-tight">Hire the right people, faster.</h2>
          <p className="mt-4 text-lg text-brand-100">Job descriptions, resume screening and AI voice interviews in one place.</p>
          <ul className="mt-10 space-y-4">
            {highlights.map((text) => (
              <li key={text} className="flex items-start gap-3">
                <span className="mt-0.5 rounded-full bg-white/15 p-1">
                  <CheckIcon width={16} height={16} />
                </span>
                <span className="text-brand-50">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-200">© Hirelane</p>
      </aside>

      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-8">
        <div className="mb-8 lg:hidden">
          <Logo />
        </div>
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl shadow-slate-200/60 ring-1 ring-slate-200 sm:p-10">
          {children}
        </div>
        <p className="mt-8 text-center text-xs text-slate-500">
          Trouble signing in? Ask your Hirelane administrator to check your account.
        </p>
      </main>
    </div>
  );
}
