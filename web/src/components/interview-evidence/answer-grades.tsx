import { useId } from 'react';

import { formatDateTime } from '@/lib/date-time';

import { BAR_LABEL, communicationFacts, missingBarReason } from './grading-text';
import type { BarKey } from './grading-text';
import { ScoreMeter } from './score-meter';
import type { InterviewGrading } from './types';

const BARS: BarKey[] = ['technical', 'problemSolving', 'communication'];

/**
 * Our grader's result for the whole interview: which grader and when, the three bars (an empty
 * one says why), how they are computed in the server's own words, and the communication
 * features. `grading` is null for an interview the grader has not graded.
 */
export function AnswerGrades({ grading }: { grading: InterviewGrading | null }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="answer-grades" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div>
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          Answer grades
        </h3>
        {grading && (
          <p className="mt-1 text-xs text-slate-500">
            Graded by <span className="font-mono break-all">{grading.version}</span> on {formatDateTime(grading.gradedAt)}
          </p>
        )}
      </div>
      {grading ? (
        <>
          <div className="grid gap-3">
            {BARS.map((bar) => (
              <ScoreMeter
                key={bar}
                label={BAR_LABEL[bar]}
                name={`${BAR_LABEL[bar]} (answer grades)`}
                value={grading.bars[bar]}
                missing={missingBarReason(bar, grading)}
              />
            ))}
          </div>
          <ul aria-label="Communication features" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            {communicationFacts(grading.communication).map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <p data-testid="grading-method" className="text-xs text-slate-600">
            {grading.method}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">This interview has not been graded against its key points.</p>
      )}
    </section>
  );
}
