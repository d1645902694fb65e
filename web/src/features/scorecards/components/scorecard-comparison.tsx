import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/date-time';

import type { AiScores, HireRecommendation, Scorecard } from '../api/types';
import { CRITERIA, recommendationLabel } from '../lib/scorecard-form';

/** The AI's score of each criterion (0-100); culture is the AI's cultural fit. */
function aiScoreOf(ai: AiScores, key: (typeof CRITERIA)[number]['key']): number | null {
  return key === 'culture' ? ai.culturalFit : ai[key];
}

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(Math.min(100, Math.max(0, value)))}%`);

const recommendationTone: Record<HireRecommendation, string> = {
  strongYes: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  yes: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  no: 'bg-red-50 text-red-800 ring-red-200',
  strongNo: 'bg-red-100 text-red-900 ring-red-300',
};

export function RecommendationBadge({ value }: { value: HireRecommendation }) {
  return (
    <span
      data-testid="recommendation-badge"
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', recommendationTone[value])}
    >
      {recommendationLabel(value)}
    </span>
  );
}

function Scores({ rows }: { rows: Array<{ label: string; value: string }> }) {
  return (
    <dl className="mt-3 space-y-1.5 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex items-baseline justify-between gap-3">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const cardClass = 'flex h-full flex-col rounded-lg p-4 ring-1 ring-inset';

function AiCard({ ai }: { ai: AiScores }) {
  return (
    <article aria-label="AI interviewer" className={cn(cardClass, 'bg-brand-50/60 ring-brand-200')}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">AI interviewer</h3>
        {ai.interviewStatus && <span className="text-xs font-medium text-slate-600">Outcome: {ai.interviewStatus}</span>}
      </div>
      <p className="text-xs text-slate-600">Interview scores, 0-100%</p>
      <Scores rows={CRITERIA.map(({ key, label }) => ({ label, value: percent(aiScoreOf(ai, key)) }))} />
    </article>
  );
}

function HumanCard({ scorecard }: { scorecard: Scorecard }) {
  return (
    <article aria-label={`Scorecard by ${scorecard.recruiterName}`} className={cn(cardClass, 'bg-white ring-slate-200')}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {scorecard.recruiterName}
          {scorecard.mine && <span className="ml-1 font-normal text-slate-500">(you)</span>}
        </h3>
        <RecommendationBadge value={scorecard.recommendation} />
      </div>
      <p className="text-xs text-slate-500">
        <time dateTime={scorecard.updatedAt}>{formatDateTime(scorecard.updatedAt)}</time>
      </p>
      <Scores rows={CRITERIA.map(({ key, label }) => ({ label, value: `${scorecard[key]} / 5` }))} />
      {scorecard.notes && (
        <p className="mt-3 whitespace-pre-line border-t border-slate-100 pt-3 text-sm text-slate-700">{scorecard.notes}</p>
      )}
    </article>
  );
}

/** The AI's interview scores beside every recruiter's scorecard. */
export function ScorecardComparison({ ai, scorecards }: { ai: AiScores | null; scorecards: Scorecard[] }) {
  if (!ai && scorecards.length === 0) return <p className="text-sm text-slate-600">No scores yet.</p>;
  return (
    <ul aria-label="Scores" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {ai && (
        <li>
          <AiCard ai={ai} />
        </li>
      )}
      {scorecards.map((scorecard) => (
        <li key={scorecard.id}>
          <HumanCard scorecard={scorecard} />
        </li>
      ))}
    </ul>
  );
}
