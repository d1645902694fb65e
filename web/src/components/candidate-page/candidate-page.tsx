import type { HTMLAttributes, ReactNode } from 'react';

import { cn } from '@/components/ui/cn';
import { Logo } from '@/components/ui/logo';

/**
 * The frame of every public candidate page (the invite pages, the candidate's own page): the
 * logo bar, a centred column and a quiet footer. No app shell: candidates have no account.
 */
export function CandidatePage({
  title,
  children,
  wide = false,
  footer = 'Interviews by Hirelane',
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  footer?: string;
}) {
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-brand-50/70 via-slate-50 to-slate-50">
      <title>{`${title} · Hirelane`}</title>
      <header className="border-b border-slate-200/80 bg-white/80 px-4 py-3 backdrop-blur sm:px-8">
        <div className={cn('mx-auto flex items-center', wide ? 'max-w-5xl' : 'max-w-3xl')}>
          <Logo />
        </div>
      </header>
      <main className={cn('mx-auto w-full flex-1 px-4 py-8 sm:px-8 sm:py-12', wide ? 'max-w-5xl' : 'max-w-3xl')}>{children}</main>
      <footer className="px-4 pb-8 text-center text-xs text-slate-500">{footer}</footer>
    </div>
  );
}

/** A white panel of a candidate page. */
export function Card({
  children,
  className,
  padded = true,
  ...props
}: { children: ReactNode; className?: string; padded?: boolean } & HTMLAttributes<HTMLElement>) {
  return (
    <section {...props} className={cn('rounded-2xl bg-white shadow-sm ring-1 ring-slate-200', padded && 'p-5 sm:p-8', className)}>
      {children}
    </section>
  );
}

const tones = {
  brand: 'bg-brand-50 text-brand-600',
  success: 'bg-green-50 text-green-600',
  warning: 'bg-amber-50 text-amber-600',
  neutral: 'bg-slate-100 text-slate-500',
} as const;

/** A one-message page: an icon, the heading and a few lines (thank-you, closed, no data). */
export function MessageCard({
  icon,
  tone = 'brand',
  heading,
  children,
  testId,
}: {
  icon: ReactNode;
  tone?: keyof typeof tones;
  heading: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="text-center" data-testid={testId} aria-labelledby="page-title">
      <span className={cn('mx-auto flex size-14 items-center justify-center rounded-full', tones[tone])}>{icon}</span>
      <h1 id="page-title" className="mx-auto mt-5 max-w-xl text-2xl font-semibold tracking-tight text-balance text-slate-900">
        {heading}
      </h1>
      {children && <div className="mx-auto mt-3 max-w-xl space-y-2 text-slate-600">{children}</div>}
    </Card>
  );
}

/** A message box: red for errors (announced), brand blue for information. */
export function Notice({ tone, children, className }: { tone: 'error' | 'info' | 'success'; children: ReactNode; className?: string }) {
  const styles = {
    error: 'bg-red-50 text-red-800 ring-red-200',
    info: 'bg-brand-50 text-brand-900 ring-brand-200',
    success: 'bg-green-50 text-green-800 ring-green-200',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg px-4 py-3 text-sm ring-1', styles, className)}>
      {children}
    </div>
  );
}
