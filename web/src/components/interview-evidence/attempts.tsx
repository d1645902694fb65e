/**
 * A candidate's interview attempts, shown when there is more than one: which counts (the first
 * that started, unless a recruiter chose), and a way to count another one.
 */
import { formatAudioTime } from '@/components/ui/audio-player';
import { formatDateTime } from '@/lib/date-time';
import { toast } from '@/lib/toast';

import { useAttempts, useCountAttempt } from '@/lib/queries/attempts';
import type { Attempt } from './types';

/** When an attempt started (or was placed): a call time, so its zone is named. */
function when(attempt: Attempt): string {
  return formatDateTime(attempt.startedAt ?? attempt.createdAt, { withZone: true });
}

export function AttemptsList({ resumeId, onCounted }: { resumeId: string; onCounted: (callId: string) => void }) {
  const attempts = useAttempts(resumeId);
  const count = useCountAttempt(resumeId, onCounted);
  const list = attempts.data?.attempts ?? [];
  if (list.length < 2) return null;
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">Attempts</h3>
      <p className="mt-1 text-sm text-slate-600">
        {attempts.data?.chosenByRecruiter ? 'A recruiter chose the attempt that counts.' : 'The first attempt that started counts.'}
      </p>
      <ul aria-label="Attempts" className="mt-2 divide-y divide-slate-100">
        {list.map((attempt) => (
          <li key={attempt.callId} data-testid="attempt" className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="text-slate-800">
              {when(attempt)}
              {attempt.durationSeconds !== null && <> · {formatAudioTime(attempt.durationSeconds)}</>}
              {' · '}
              {attempt.interviewStatus ?? attempt.status}
              {attempt.integrity === 'failed' && <span className="ml-2 font-medium text-red-700">changed from outside</span>}
            </span>
            {attempt.counts ? (
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200">
                Counts
              </span>
            ) : (
              attempt.interviewStatus && (
                <button
                  type="button"
                  disabled={count.isPending}
                  onClick={() =>
                    count.mutate(attempt.callId, {
                      onSuccess: () => toast.success('This attempt now counts.'),
                      onError: () => toast.error('The attempt could not be chosen. Please try again.'),
                    })
                  }
                  className="rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50"
                >
                  Count this attempt
                </button>
              )
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
