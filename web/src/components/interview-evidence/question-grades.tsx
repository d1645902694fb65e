import { useId } from 'react';
import type { ReactNode } from 'react';

import { formatAudioTime } from '@/components/ui/audio-player';
import { cn } from '@/components/ui/cn';

import { COMPETENCY_LABEL, scoreText, strengthText } from './grading-text';
import type { AnswerGrade, QuoteRef } from './types';

/** Shows a quote: seeks the recording to it (when it has a time) and brings its turn into view. */
export type OnQuote = (quote: QuoteRef) => void;

/** The candidate's words behind a point, as a button that goes to them in the transcript and recording. */
function QuoteButton({ quote, onQuote }: { quote: QuoteRef; onQuote: OnQuote }) {
  return (
    <button
      type="button"
      onClick={() => onQuote(quote)}
      className="mt-0.5 block rounded text-left text-slate-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="italic">“{quote.text}”</span>
      {quote.seconds !== null && (
        <>
          {' '}
          <span className="ml-1 text-xs font-medium not-italic tabular-nums text-brand-700">at {formatAudioTime(quote.seconds)}</span>
        </>
      )}
    </button>
  );
}

/** A titled list of points ("Covered", "Missing", "Contradicted"), left out when empty. */
function Points({ title, tone, children }: { title: string; tone: 'good' | 'bad' | 'neutral'; children: ReactNode[] }) {
  const id = useId();
  if (children.length === 0) return null;
  return (
    <div className="mt-2">
      <p
        id={id}
        className={cn(
          'text-xs font-semibold uppercase tracking-wide',
          { good: 'text-emerald-800', bad: 'text-red-800', neutral: 'text-slate-600' }[tone],
        )}
      >
        {title}
      </p>
      <ul aria-labelledby={id} className="mt-1 space-y-1.5">
        {children}
      </ul>
    </div>
  );
}

const CONFIDENCE_TONE = { low: 'text-amber-800', medium: 'text-slate-700', high: 'text-emerald-800' } as const;

/** One question's grade: its score, how sure the grader is, its notes, and the key points covered, missed or contradicted. */
function QuestionGrade({ grade, onQuote }: { grade: AnswerGrade; onQuote: OnQuote }) {
  return (
    <li data-testid="answer-grade" className="py-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-900">
          {grade.number}. {grade.question}
        </p>
        <span
          data-testid="answer-score"
          className={cn('shrink-0 tabular-nums', grade.asked ? 'font-semibold text-slate-900' : 'text-yellow-800')}
        >
          {scoreText(grade)}
        </span>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {COMPETENCY_LABEL[grade.competency]} ·{' '}
        <span className={cn('font-medium', CONFIDENCE_TONE[grade.confidence.level])}>Confidence: {grade.confidence.level}</span>
      </p>
      {grade.flags.length > 0 && (
        <ul
          aria-label={`Notes on question ${grade.number}`}
          className="mt-2 space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200"
        >
          {grade.flags.map((flag, i) => (
            <li key={`${i}-${flag.code}`}>{flag.message}</li>
          ))}
        </ul>
      )}
      {grade.asked && (
        <>
          <Points title="Covered" tone="good">
            {grade.covered.map((covered, i) => (
              <li key={`${i}-${covered.point}`}>
                <span className="text-slate-900">{covered.point}</span>{' '}
                <span className="text-xs text-slate-500">(match {strengthText(covered.strength)})</span>
                {covered.quote ? <QuoteButton quote={covered.quote} onQuote={onQuote} /> : null}
              </li>
            ))}
          </Points>
          <Points title="Missing" tone="neutral">
            {grade.missing.map((missing, i) => (
              <li key={`${i}-${missing.point}`} className="text-slate-700">
                {missing.point} <span className="text-xs text-slate-500">(closest match {strengthText(missing.strength)})</span>
              </li>
            ))}
          </Points>
          <Points title="Contradicted" tone="bad">
            {grade.contradictions.map((contradiction, i) => (
              <li key={`${i}-${contradiction.point}`}>
                <span className="text-slate-900">{contradiction.point}</span>
                {contradiction.quote ? <QuoteButton quote={contradiction.quote} onQuote={onQuote} /> : null}
              </li>
            ))}
          </Points>
        </>
      )}
    </li>
  );
}

/** Every assistant question with our grader's grade of its answer. */
export function QuestionGrades({ grades, onQuote }: { grades: AnswerGrade[]; onQuote: OnQuote }) {
  if (grades.length === 0) return null;
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">Answer grades by question</h3>
      <ol aria-label="Answer grades by question" className="mt-2 divide-y divide-slate-100">
        {grades.map((grade) => (
          <QuestionGrade key={grade.number} grade={grade} onQuote={onQuote} />
        ))}
      </ol>
    </div>
  );
}
