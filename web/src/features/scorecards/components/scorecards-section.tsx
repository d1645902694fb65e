import { LoadError } from '@/components/ui/list-state';
import { useLogError } from '@/lib/use-log-error';

import { useScorecards } from '../api/get-scorecards';
import { ScorecardComparison } from './scorecard-comparison';
import { ScorecardForm } from './scorecard-form';

export const NOT_INTERVIEWED_NOTE = 'A scorecard can be filled once the candidate has been interviewed.';
export const SCORECARDS_FAILED = 'The scorecards could not be loaded.';

/**
 * The candidate analysis page's Scorecards section: the AI's interview scores beside every
 * recruiter's scorecard, then the signed-in recruiter's own scorecard to fill or edit (only
 * once the candidate was interviewed).
 */
export function ScorecardsSection({ resumeId }: { resumeId: string }) {
  const scorecards = useScorecards(resumeId);

  useLogError(scorecards.error, 'Failed to load the scorecards');

  if (scorecards.isPending) {
    return (
      <div data-testid="scorecards-skeleton" aria-busy="true" aria-label="Loading scorecards" className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <div key={card} className="h-36 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  }
  if (scorecards.isError) return <LoadError message={SCORECARDS_FAILED} query={scorecards} />;

  const data = scorecards.data;
  const mine = data.scorecards.find((scorecard) => scorecard.mine) ?? null;
  return (
    <div className="space-y-6">
      <ScorecardComparison ai={data.ai} scorecards={data.scorecards} />
      <div className="border-t border-slate-100 pt-5">
        <h3 className="text-sm font-semibold text-slate-800">Your scorecard</h3>
        {data.interviewed ? (
          <div className="mt-3">
            {/* A saved scorecard restarts the form from what the server kept. */}
            <ScorecardForm key={mine?.updatedAt ?? 'new'} resumeId={data.resumeId} mine={mine} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{NOT_INTERVIEWED_NOTE}</p>
        )}
      </div>
    </div>
  );
}
