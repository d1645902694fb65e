import { useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, inputClass } from '@/components/ui/field';
import { apiErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { KIND_LABELS, MAX_CUSTOM_QUESTIONS, MAX_LABEL, PAY_NOTES, SPEC_OFFICE, SPEC_PAY_UNIT, specLabel } from '@/lib/details-form';
import type { DetailsFormAnswer, QuestionKind, SpecFieldName, SpecQuestion } from '@/lib/details-form';
import { toast } from '@/lib/toast';

import { useResetDetailsForm, useSaveDetailsForm } from '../api/details-form';
import { emptyQuestion, fromDraft, toDraft } from '../lib/details-form-draft';
import type { DetailsFormDraft, DraftQuestion } from '../lib/details-form-draft';

export const SAVE_FAILED = 'Failed to save the details form.';
export const SAVED = 'Details form saved.';
export const RESET_DONE = 'The default details form is asked again.';

const HINTS: Partial<Record<SpecFieldName, string>> = {
  servingNotice: 'Always answered: No unless the candidate says Yes.',
  reasonForLeaving: 'Asked only when the candidate is not serving notice.',
  lastWorkingDate: 'Asked only when the candidate is not serving notice.',
};

type Errors = Record<string, string>;

/** Settings › Details form's editor: the spec's questions, the office and pay unit, and the organisation's own questions. */
export function DetailsFormEditor({ answer }: { answer: DetailsFormAnswer }) {
  const save = useSaveDetailsForm();
  const reset = useResetDetailsForm();
  const [draft, setDraft] = useState<DetailsFormDraft>(() => toDraft(answer));
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const setField = (name: string, change: Partial<SpecQuestion>) =>
    setDraft((previous) => ({
      ...previous,
      fields: previous.fields.map((field) => (field.name === name ? { ...field, ...change } : field)),
    }));
  const setQuestion = (key: string, change: Partial<DraftQuestion>) =>
    setDraft((previous) => ({
      ...previous,
      customQuestions: previous.customQuestions.map((question) => (question.key === key ? { ...question, ...change } : question)),
    }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setErrors({});
    try {
      await save.mutateAsync(fromDraft(draft));
      toast.success(SAVED);
    } catch (failure) {
      setError(apiErrorMessage(failure, SAVE_FAILED));
      const fields = isApiError(failure) ? (failure.body as { fields?: Errors } | null)?.fields : undefined;
      if (fields) setErrors(fields);
    }
  };

  const onReset = async () => {
    setError(null);
    setErrors({});
    try {
      await reset.mutateAsync();
      toast.success(RESET_DONE);
    } catch (failure) {
      setError(apiErrorMessage(failure, SAVE_FAILED));
    }
  };

  const busy = save.isPending || reset.isPending;
  return (
    <form aria-label="Details form" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <p className="text-sm text-slate-600">
        {answer.customized && answer.updatedAt
          ? `Last changed on ${formatDateTime(answer.updatedAt)}.`
          : 'The default form, not changed yet: every question asked, all required but the additional information.'}
      </p>

      <section aria-labelledby="office-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="office-title" className="text-base font-semibold text-slate-900">
          Office and pay
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <Field
            id="officeName"
            label="Office"
            hint={`Named in the office question. Blank keeps "${SPEC_OFFICE}".`}
            error={errors.officeName}
          >
            <input
              id="officeName"
              type="text"
              value={draft.officeName}
              onChange={(event) => setDraft({ ...draft, officeName: event.target.value })}
              aria-describedby={errors.officeName ? 'officeName-error' : 'officeName-hint'}
              aria-invalid={errors.officeName ? true : undefined}
              className={inputClass(Boolean(errors.officeName))}
            />
          </Field>
          <Field id="payUnit" label="Pay unit" hint={`Beside the pay questions. Blank keeps "${SPEC_PAY_UNIT}".`} error={errors.payUnit}>
            <input
              id="payUnit"
              type="text"
              value={draft.payUnit}
              onChange={(event) => setDraft({ ...draft, payUnit: event.target.value })}
              aria-describedby={errors.payUnit ? 'payUnit-error' : 'payUnit-hint'}
              aria-invalid={errors.payUnit ? true : undefined}
              className={inputClass(Boolean(errors.payUnit))}
            />
          </Field>
        </div>
      </section>

      <section aria-labelledby="spec-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="spec-title" className="text-base font-semibold text-slate-900">
          Questions
        </h2>
        <p className="mt-1 text-sm text-slate-600">Turn a question off, make it optional, or say it in your own words.</p>
        <ul className="mt-4 divide-y divide-slate-200">
          {draft.fields.map((field) => (
            <SpecQuestionRow
              key={field.name}
              field={field}
              defaultLabel={specLabel(field.name as SpecFieldName, draft)}
              error={errors[`fields.${field.name}`]}
              onChange={(change) => setField(field.name, change)}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="custom-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="custom-title" className="text-base font-semibold text-slate-900">
          Your questions
        </h2>
        <p className="mt-1 text-sm text-slate-600">Asked after the questions above, at most {MAX_CUSTOM_QUESTIONS}.</p>
        {errors.customQuestions && <ErrorAlert className="mt-3">{errors.customQuestions}</ErrorAlert>}
        <ol className="mt-4 space-y-4">
          {draft.customQuestions.map((question, index) => (
            <CustomQuestionRow
              key={question.key}
              question={question}
              number={index + 1}
              error={errors[`customQuestions.${index + 1}`]}
              onChange={(change) => setQuestion(question.key, change)}
              onRemove={() =>
                setDraft((previous) => ({
                  ...previous,
                  customQuestions: previous.customQuestions.filter((q) => q.key !== question.key),
                }))
              }
            />
          ))}
        </ol>
        <Button
          variant="secondary"
          className="mt-4"
          disabled={draft.customQuestions.length >= MAX_CUSTOM_QUESTIONS}
          onClick={() => setDraft((previous) => ({ ...previous, customQuestions: [...previous.customQuestions, emptyQuestion()] }))}
        >
          Add a question
        </Button>
      </section>

      {error && <ErrorAlert>{error}</ErrorAlert>}

      <div className="flex flex-wrap justify-end gap-3">
        {answer.customized && (
          <Button variant="secondary" disabled={busy} loading={reset.isPending} onClick={() => void onReset()}>
            Restore the default form
          </Button>
        )}
        <Button type="submit" loading={save.isPending} disabled={busy}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function SpecQuestionRow({
  field,
  defaultLabel,
  error,
  onChange,
}: {
  field: SpecQuestion;
  defaultLabel: string;
  error: string | undefined;
  onChange: (change: Partial<SpecQuestion>) => void;
}) {
  const name = field.name as SpecFieldName;
  const labelId = `label-${name}`;
  const note = PAY_NOTES[name];
  const hint = HINTS[name];
  return (
    <li className="py-4">
      <fieldset aria-describedby={note ? `note-${name}` : undefined}>
        <legend className="text-sm font-semibold text-slate-900">{defaultLabel}</legend>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
        {note && (
          <p id={`note-${name}`} className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {note}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-700">
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={field.enabled}
              onChange={(event) => onChange({ enabled: event.target.checked })}
              className="size-4 accent-brand-600"
            />
            Asked
          </label>
          {name !== 'servingNotice' && (
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={field.required}
                disabled={!field.enabled}
                onChange={(event) => onChange({ required: event.target.checked })}
                className="size-4 accent-brand-600"
              />
              Required
            </label>
          )}
        </div>
        <Field
          id={labelId}
          label="Label shown to candidates"
          className="mt-3"
          error={error}
          aside={<CharCount value={field.label ?? ''} max={MAX_LABEL} />}
        >
          <input
            id={labelId}
            type="text"
            value={field.label ?? ''}
            placeholder={defaultLabel}
            disabled={!field.enabled}
            onChange={(event) => onChange({ label: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${labelId}-error` : undefined}
            className={inputClass(Boolean(error))}
          />
        </Field>
      </fieldset>
    </li>
  );
}

function CustomQuestionRow({
  question,
  number,
  error,
  onChange,
  onRemove,
}: {
  question: DraftQuestion;
  number: number;
  error: string | undefined;
  onChange: (change: Partial<DraftQuestion>) => void;
  onRemove: () => void;
}) {
  const base = `custom-${question.key}`;
  return (
    <li className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <fieldset aria-describedby={error ? `${base}-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-900">Question {number}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field id={`${base}-label`} label="Question" required aside={<CharCount value={question.label} max={MAX_LABEL} />}>
            <input
              id={`${base}-label`}
              type="text"
              value={question.label}
              onChange={(event) => onChange({ label: event.target.value })}
              aria-invalid={error ? true : undefined}
              className={inputClass(Boolean(error))}
            />
          </Field>
          <Field id={`${base}-kind`} label="Answer">
            <select
              id={`${base}-kind`}
              value={question.kind}
              onChange={(event) => onChange({ kind: event.target.value as QuestionKind })}
              className={inputClass()}
            >
              {(Object.keys(KIND_LABELS) as QuestionKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {question.kind === 'choice' && (
          <Field id={`${base}-choices`} label="Choices" hint="One per line, 2 to 20." className="mt-4">
            <textarea
              id={`${base}-choices`}
              rows={3}
              value={question.choices}
              onChange={(event) => onChange({ choices: event.target.value })}
              aria-describedby={`${base}-choices-hint`}
              className={inputClass()}
            />
          </Field>
        )}
        {error && (
          <p id={`${base}-error`} className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-3 flex items-center justify-between">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={question.required}
              onChange={(event) => onChange({ required: event.target.checked })}
              className="size-4 accent-brand-600"
            />
            Required
          </label>
          <Button variant="ghost" onClick={onRemove} aria-label={`Remove question ${number}`}>
            Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
