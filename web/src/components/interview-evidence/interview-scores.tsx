import type { InterviewAnalysis } from '@/lib/queries/interview-analysis';

import { AnswerGrades } from './answer-grades';
import { SecondOpinion } from './second-opinion';

/**
 * An interview's scores, where both analysis pages put them first: our grader's answer grades
 * beside the provider's own scores (two opinions, never averaged), and that a person decides.
 * The grades question by question, with their quotes, are part of `InterviewEvidence`.
 */
export function InterviewScores({ analysis }: { analysis: InterviewAnalysis }) {
  return (
    <div className="space-y-3">
      <p role="note" data-testid="human-decides" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
        Scores inform a recruiter&apos;s decision; Pass or Fail is always set by a person.
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {/* Older analyses and interviews the grader has not reached have no grading. */}
        <AnswerGrades grading={analysis.grading ?? null} />
        <SecondOpinion scores={analysis} />
      </div>
    </div>
  );
}
