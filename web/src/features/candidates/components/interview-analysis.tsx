import type { ReactNode } from 'react';

import { InterviewEvidence } from '@/components/interview-evidence/interview-evidence';
import { InterviewScores } from '@/components/interview-evidence/interview-scores';

import type { InterviewAnalysis } from '../api/types';

/** `keySkills` arrives as one comma-separated string. */
export function splitSkills(keySkills: string | null | undefined): string[] {
  return [
    ...new Set(
      (keySkills ?? '')
        .split(',')
        .map((skill) => skill.trim())
        .filter(Boolean),
    ),
  ];
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <div className="mt-1 text-sm text-slate-700">{children}</div>
    </div>
  );
}

const orDash = (text: string | null | undefined) =>
  text?.trim() ? <p className="whitespace-pre-line">{text}</p> : <p className="text-slate-500">—</p>;

/**
 * The Interview Analysis section's body (SPEC section 2): our answer grades beside the provider's
 * scores, summary, skills, takeaways, experience, then the evidence: verdict, recording, the grades
 * question by question, questions, turns.
 */
export function InterviewAnalysisBody({ analysis }: { analysis: InterviewAnalysis }) {
  const skills = splitSkills(analysis.keySkills);
  return (
    <div data-testid="interview-analysis" className="space-y-5">
      <InterviewScores analysis={analysis} />
      <Block title="Summary">{orDash(analysis.summary)}</Block>
      <Block title="Key Skills">
        {skills.length === 0 ? (
          <p className="text-slate-500">—</p>
        ) : (
          <ul aria-label="Key Skills" className="mt-1 flex flex-wrap gap-1.5">
            {skills.map((skill) => (
              <li
                key={skill}
                className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200"
              >
                {skill}
              </li>
            ))}
          </ul>
        )}
      </Block>
      <div className="grid gap-5 sm:grid-cols-2">
        <Block title="Key Takeaways">{orDash(analysis.keyTakeways)}</Block>
        <Block title="Experience">{orDash(analysis.experience)}</Block>
      </div>
      <InterviewEvidence analysis={analysis} />
    </div>
  );
}

/** Placeholders while the interview analysis loads. */
export function InterviewAnalysisSkeleton() {
  return (
    <div
      data-testid="interview-analysis-skeleton"
      role="status"
      aria-busy="true"
      aria-label="Loading interview analysis"
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((bar) => (
          <div key={bar} className="h-8 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
      <div className="h-16 animate-pulse rounded bg-slate-100" />
      <div className="h-14 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}
