import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveScorecard } from '../api/save-scorecard';
import type { Scorecard } from '../api/types';
import { CRITERIA, MAX_NOTES, RECOMMENDATIONS, SCORES, draftOf, toScorecardBody, validateScorecard } from '../lib/scorecard-form';
import type { Criterion, ScorecardDraft, ScorecardErrors } from '../lib/scorecard-form';

export const SCORECARD_SAVED = 'Scorecard saved.';
export const SCORECARD_FAILED = 'Failed to save the scorecard.';

const SCORE_WORDS: Record<(typeof SCORES)[number], string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

export type ScorecardFormProps = {
  resumeId: number;
  /** The signed-in recruiter's scorecard, which the form edits; null to fill a new one. */
  mine: Scorecard | null;
};

/** Fills or edits the signed-in recruiter's scorecard: four 1-5 scores, a recommendation and notes. */
export function ScorecardForm({ resumeId, mine }: ScorecardFormProps) {
  const id = useId();
  const save = useSaveScorecard();
  const [draft, setDraft] = useState<ScorecardDraft>(() => draftOf(mine));
  const [errors, setErrors] = useState<ScorecardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const update = (patch: Partial<ScorecardDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Once a save was tried, errors follow the typing (and clear when fixed).
    if (submitted) setErrors(validateScorecard(next));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const found = validateScorecard(draft);
    setErrors(found);
    const input = toScorecardBody(resumeId, draft);
    if (!input) return;
    try {
      await save.mutateAsync(input);
      toast.success(SCORECARD_SAVED);
    } catch (error) {
      setServerError(apiErrorMessage(error, SCORECARD_FAILED));
    }
  };

  const scoreField = (key: Criterion, label: string) => {
    const fieldId = `${id}-${key}`;
    return (
      <Field key={key} id={fieldId} label={label} required error={errors[key]}>
        <select
          id={fieldId}
          value={draft[key] ?? ''}
          aria-invalid={Boolean(errors[key]) || undefined}
          aria-describedby={describedBy(fieldId, { error: errors[key] })}
          onChange={(event) => update({ [key]: event.target.value === '' ? null : Number(event.target.value) })}
          className={inputClass(Boolean(errors[key]))}
        >
          <option value="">Select a score</option>
          {SCORES.map((score) => (
            <option key={score} value={score}>
              {score} - {SCORE_WORDS[score]}
            </option>
          ))}
        </select>
      </Field>
    );
  };

  const notesId = `${id}-notes`;
  const recommendationError = errors.recommendation;
  return (
    <form
      aria-label={mine ? 'Edit your scorecard' : 'Fill your scorecard'}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">{CRITERIA.map(({ key, label }) => scoreField(key, label))}</div>

      <fieldset aria-describedby={recommendationError ? `${id}-recommendation-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">
          Recommendation
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {RECOMMENDATIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-inset',
                draft.recommendation === option.value
                  ? 'bg-brand-50 text-brand-800 ring-brand-300'
                  : 'text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={`${id}-recommendation`}
                value={option.value}
                checked={draft.recommendation === option.value}
                onChange={() => update({ recommendation: option.value })}
                className="accent-brand-600"
              />
              {option.label}
            </label>
          ))}
        </div>
        {recommendationError && (
          <p id={`${id}-recommendation-error`} className="mt-1.5 text-sm text-red-700">
            {recommendationError}
          </p>
        )}
      </fieldset>

      <Field id={notesId} label="Notes" error={errors.notes} aside={<CharCount value={draft.notes} max={MAX_NOTES} />}>
        <textarea
          id={notesId}
          rows={4}
          value={draft.notes}
          placeholder="What stood out in the interview?"
          aria-invalid={Boolean(errors.notes) || undefined}
          aria-describedby={describedBy(notesId, { error: errors.notes })}
          onChange={(event) => update({ notes: event.target.value })}
          className={inputClass(Boolean(errors.notes))}
        />
      </Field>

      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}

      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : mine ? 'Update scorecard' : 'Save scorecard'}
        </Button>
      </div>
    </form>
  );
}
