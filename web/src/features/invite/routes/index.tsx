/**
 * Public candidate pages, reached from an invite link without an account.
 * Placeholders until the invite issues build them.
 */
import type { ReactNode } from 'react';

import { ComingSoon } from '@/components/ui/coming-soon';
import { Logo } from '@/components/ui/logo';

function CandidatePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-8">
        <Logo />
      </header>
      <main className="flex-1 px-4 py-10 sm:px-8">{children}</main>
    </div>
  );
}

const placeholder = (title: string) =>
  function InvitePlaceholder() {
    return (
      <CandidatePage>
        <ComingSoon title={title} />
      </CandidatePage>
    );
  };

export const ScheduledRoute = placeholder('Interview Scheduled');
export const NextStepRoute = placeholder('Next Step Details');
export const ThankYouRoute = placeholder('Thank You');
export const GuidelinesRoute = placeholder('Interview Guidelines');
export const CandidateDetailsRoute = placeholder('Candidate Details');
