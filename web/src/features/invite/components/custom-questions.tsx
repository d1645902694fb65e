import { cn } from '@/components/ui/cn';
import { Field, describedBy, inputClass } from '@/components/ui/field';
import { customKey } from '@/lib/details-form';
import type { CustomQuestion, DetailsFormSettings } from '@/lib/details-form';

import type { CustomValues, DetailsErrors } from '../lib/candidate-details';

const controlId = (id: string) => `custom-${id}`;

/** The element that takes the focus when a custom question's answer is refused. */
export function customControlId(form: DetailsFormSettings, id: string): string {
  const question = form.customQuestions.find((q) => q.id === id);
  return question?.kind === 'yesno' ? `${controlId(id)}-Yes` : controlId(id);
}

export type CustomQuestionsProps = {
  questions: CustomQuestion[];
  values: CustomValues;
  errors: DetailsErrors;
  onChange: (id: string, value: string) => void;
};

/** The organisation's own questions (Settings › Details form), each with the control its kind needs. */
export function CustomQuestions({ questions, values, errors, onChange }: CustomQuestionsProps) {
  return (
    <>
      {questions.map((question) => (
        <CustomQuestionField
          key={question.id}
          question={question}
          value={values[question.id] ?? ''}
          error={errors[customKey(question.id)]}
          onChange={(value) => onChange(question.id, value)}
        />
      ))}
    </>
  );
}

function CustomQuestionField({
  question,
  value,
  error,
  onChange,
}: {
  question: CustomQuestion;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = controlId(question.id);
  const label = question.required ? question.label : `${question.label} (optional)`;
  const common = {
    id,
    name: id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { error }),
  };

  if (question.kind === 'yesno') {
    return (
      <fieldset aria-describedby={describedBy(id, { error })}>
        <legend className="block text-sm font-medium text-slate-700">
          {label}
          {question.required && (
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          )}
        </legend>
        <div className="mt-1.5 flex gap-3">
          {(['Yes', 'No'] as const).map((option) => (
            <label
              key={option}
              htmlFor={`${id}-${option}`}
              className={cn(
                'flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium sm:flex-none sm:px-5',
                value === option
                  ? 'border-brand-500 bg-brand-50 text-brand-800 ring-1 ring-brand-500'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                error && value !== option && 'border-red-400',
              )}
            >
              <input
                id={`${id}-${option}`}
                type="radio"
                name={id}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                className="size-4 accent-brand-600"
              />
              {option}
            </label>
          ))}
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <Field id={id} label={label} required={question.required} error={error}>
      {question.kind === 'choice' ? (
        <select {...common} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass(Boolean(error))}>
          <option value="">Select an answer</option>
          {(question.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : question.kind === 'text' ? (
        <textarea
          {...common}
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass(Boolean(error))}
        />
      ) : (
        <input
          {...common}
          type={question.kind === 'number' ? 'number' : 'date'}
          inputMode={question.kind === 'number' ? 'decimal' : undefined}
          min={question.kind === 'number' ? 0 : undefined}
          step={question.kind === 'number' ? 'any' : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(inputClass(Boolean(error)), question.kind === 'date' && 'sm:max-w-xs')}
        />
      )}
    </Field>
  );
}
