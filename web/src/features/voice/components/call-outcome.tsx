import { cn } from '@/components/ui/cn';
import { InterviewStatusBadge } from '@/components/ui/interview-status-badge';

import type { Call } from '../api/types';
import { callOutcome } from '../lib/voice-rules';
import type { OutcomeTone } from '../lib/voice-rules';

const toneClass: Record<OutcomeTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  blue: 'bg-sky-50 text-sky-800 ring-sky-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** What became of the call, and once its report is in, the interview's verdict (Pass / Fail / Needs Review). */
export function CallOutcome({ call }: { call: Call }) {
  const { label, tone } = callOutcome(call);
  return (
    // Each badge stays on one line; the two may stack in a narrow cell.
    <span className="inline-flex flex-wrap items-center gap-1 whitespace-nowrap">
      <span
        data-testid="call-outcome"
        className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', toneClass[tone])}
      >
        {label}
      </span>
      <InterviewStatusBadge value={call.interviewStatus} hideEmpty testId="call-verdict" />
    </span>
  );
}
