import { useId } from 'react';

import type { InterviewAnalysis } from '@/lib/queries/interview-analysis';

import { ScoreMeter } from './score-meter';

type ProviderScores = Pick<InterviewAnalysis, 'technicalScore' | 'communicationScore' | 'problemSolvingScore' | 'culturalFitScore'>;

/**
 * The interview provider's own 0-100 scores, beside (never averaged with) our grader's bars.
 * They keep the names the pages always gave them ("Technical"…), so our grader's meters are
 * the ones that say whose they are.
 */
export function SecondOpinion({ scores }: { scores: ProviderScores }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="second-opinion" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        Second opinion: the provider&apos;s analysis
      </h3>
      <p className="mt-1 text-xs text-slate-500">The interview provider&apos;s own scores, shown as it gave them.</p>
      <div className="mt-3 grid gap-3">
        <ScoreMeter label="Technical" value={scores.technicalScore} />
        <ScoreMeter label="Communication" value={scores.communicationScore} />
        <ScoreMeter label="Problem Solving" value={scores.problemSolvingScore} />
        <ScoreMeter label="Cultural Fit" value={scores.culturalFitScore} />
      </div>
    </section>
  );
}
