import { cn } from '@/components/ui/cn';
import { CheckIcon } from '@/components/ui/icons';

import type { ApplicationStatus } from '../api/types';
import { progressSteps } from '../lib/progress';

const SAID: Record<'done' | 'current' | 'upcoming', string> = { done: 'done', current: 'current step', upcoming: 'to come' };

/** Received → In review → Interview → Decision, with the current step marked; nothing for a withdrawn application. */
export function StatusProgress({ status }: { status: ApplicationStatus }) {
  const steps = progressSteps(status);
  if (steps.length === 0) return null;
  return (
    <ol aria-label="Progress" data-testid="application-progress" className="mt-6 grid grid-cols-4 gap-2">
      {steps.map((step, index) => (
        <li
          key={step.label}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-state={step.state}
          className="flex flex-col items-center text-center"
        >
          <span className="flex w-full items-center">
            {/* The line from the step before, then the step's dot. */}
            <span
              aria-hidden="true"
              className={cn('h-0.5 flex-1', index === 0 ? 'invisible' : step.state === 'upcoming' ? 'bg-slate-200' : 'bg-brand-500')}
            />
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-2',
                step.state === 'done' && 'bg-brand-600 text-white ring-brand-600',
                step.state === 'current' && 'bg-white text-brand-700 ring-brand-600',
                step.state === 'upcoming' && 'bg-white text-slate-500 ring-slate-300',
              )}
            >
              {step.state === 'done' ? <CheckIcon width={14} height={14} /> : index + 1}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'h-0.5 flex-1',
                index === steps.length - 1 ? 'invisible' : step.state === 'done' ? 'bg-brand-500' : 'bg-slate-200',
              )}
            />
          </span>
          <span
            data-testid="step-label"
            className={cn('mt-2 text-xs sm:text-sm', step.state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600')}
          >
            {step.label}
            <span className="sr-only">{`, ${SAID[step.state]}`}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
