import { cn } from '@/components/ui/cn';
import { XIcon } from '@/components/ui/icons';

import type { InviteOutcome } from '../api/send-invites';
import { inviteSummary, skippedLine } from '../lib/invites';

/**
 * What a round of invites did: the counts, every skipped candidate with the
 * reason, and the JDs whose call failed with the server's message. It stays
 * until dismissed, so the skipped names can be read and acted on.
 */
export function InviteResult({ outcome, onDismiss }: { outcome: InviteOutcome; onDismiss: () => void }) {
  const attention = outcome.skipped.length > 0 || outcome.failures.length > 0;
  return (
    <div
      role="status"
      data-testid="invite-result"
      className={cn(
        'flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ring-inset',
        attention ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200',
      )}
    >
      <div className="min-w-0 flex-1">
        <p data-testid="invite-result-summary" className="font-semibold">
          {inviteSummary(outcome)}
        </p>
        {outcome.skipped.length > 0 && (
          <ul aria-label="Skipped candidates" data-testid="invite-skipped" className="mt-1 list-disc space-y-0.5 pl-5">
            {outcome.skipped.map((skipped, index) => (
              <li key={`${skipped.resumeId}-${index}`}>{skippedLine(skipped)}</li>
            ))}
          </ul>
        )}
        {outcome.failures.length > 0 && (
          <ul aria-label="Failed" data-testid="invite-failures" className="mt-1 list-disc space-y-0.5 pl-5 text-red-800">
            {outcome.failures.map((failure) => (
              <li key={failure.label}>
                Not sent for {failure.label}: {failure.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 shrink-0 rounded-lg p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <XIcon width={16} height={16} />
      </button>
    </div>
  );
}
