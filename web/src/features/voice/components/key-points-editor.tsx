import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { CharCount, inputClass } from '@/components/ui/field';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';

import { COMPETENCIES, canAddPoint, competencyOf, openSuggestions, pointLength, pointTooLong, tooManyPoints } from '../lib/rubric-rules';
import type { DraftQuestion, Limits } from '../lib/rubric-rules';

export type KeyPointsEditorProps = {
  question: DraftQuestion;
  /** The JD's key skills that fit this question (none without a JD). */
  suggestions: readonly string[];
  limits: Limits;
  disabled: boolean;
  onChange: (question: DraftQuestion) => void;
};

/** One question's key points (add, edit, remove, or take a JD suggestion) and the competency it measures. */
export function KeyPointsEditor({ question, suggestions, limits, disabled, onChange }: KeyPointsEditorProps) {
  const id = useId();
  const { number, keyPoints } = question;
  const setPoints = (points: string[]) => onChange({ ...question, keyPoints: points });
  const full = !canAddPoint(question, limits);
  const open = openSuggestions(question, suggestions);
  return (
    <fieldset data-testid="rubric-question" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <legend className="float-left w-full text-sm font-semibold text-slate-900">
        {number}. {question.question}
      </legend>
      <div className="clear-left flex flex-wrap items-center gap-2 pt-1 text-sm">
        <label htmlFor={`${id}-competency`} className="font-medium text-slate-700">
          Measures
        </label>
        {/* The select fills its box (inputClass is full width): the box sets its width. */}
        <span className="w-48">
          <select
            id={`${id}-competency`}
            value={question.competency}
            disabled={disabled}
            onChange={(event) => onChange({ ...question, competency: competencyOf(event.target.value) ?? question.competency })}
            className={inputClass()}
          >
            {COMPETENCIES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </span>
      </div>
      {keyPoints.length === 0 && (
        <p className="text-sm text-slate-500">No key points yet: this question&apos;s answers cannot be graded.</p>
      )}
      <ol aria-label={`Key points of question ${number}`} className="space-y-2">
        {keyPoints.map((point, i) => {
          const pointId = `${id}-point-${i}`;
          const tooLong = pointLength(point) > limits.maxKeyPointChars;
          return (
            <li key={i}>
              <div className="flex items-start gap-2">
                <textarea
                  id={pointId}
                  rows={2}
                  aria-label={`Question ${number}, key point ${i + 1}`}
                  placeholder="e.g. Names the trade-off between consistency and availability"
                  value={point}
                  disabled={disabled}
                  aria-invalid={tooLong || undefined}
                  aria-describedby={tooLong ? `${pointId}-error` : undefined}
                  onChange={(event) => setPoints(keyPoints.map((p, j) => (j === i ? event.target.value : p)))}
                  className={inputClass(tooLong)}
                />
                <button
                  type="button"
                  aria-label={`Remove key point ${i + 1} of question ${number}`}
                  disabled={disabled}
                  onClick={() => setPoints(keyPoints.filter((_, j) => j !== i))}
                  className="mt-1 rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
                >
                  <TrashIcon width={16} height={16} />
                </button>
              </div>
              <div className="mt-1 flex justify-between gap-3">
                {tooLong ? (
                  <p id={`${pointId}-error`} className="text-sm text-red-700">
                    {pointTooLong(limits.maxKeyPointChars)}
                  </p>
                ) : (
                  <span />
                )}
                <CharCount value={point} max={limits.maxKeyPointChars} />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={disabled || full} onClick={() => setPoints([...keyPoints, ''])}>
          <PlusIcon width={16} height={16} />
          <span>
            Add key point <span className="sr-only">to question {number}</span>
          </span>
        </Button>
        {full && <p className="text-sm text-slate-600">{tooManyPoints(limits.maxKeyPoints)}</p>}
      </div>
      {open.length > 0 && (
        <div>
          <p id={`${id}-suggestions`} className="text-xs font-medium text-slate-600">
            Key skills of the job that fit this question
          </p>
          <ul aria-labelledby={`${id}-suggestions`} className="mt-1.5 flex flex-wrap gap-1.5">
            {open.map((suggestion, i) => (
              <li key={`${i}-${suggestion}`}>
                <button
                  type="button"
                  aria-label={`Add ${suggestion}`}
                  disabled={disabled || full}
                  onClick={() => setPoints([...keyPoints, suggestion])}
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
                >
                  + {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
