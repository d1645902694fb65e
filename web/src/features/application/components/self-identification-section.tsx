import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { apiErrorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useChangeSelfIdentification, useSelfIdentification } from '../api/self-identification';
import type { MySelfIdentification, SelfIdAnswers } from '../api/types';
import { Section } from './section';

export const SELF_ID_TITLE = 'Voluntary self-identification';
export const SELF_ID_SAVED = 'Your answers were saved.';
export const SELF_ID_DELETED = 'Your answers were deleted.';
const SELF_ID_FAILED = 'Your answers could not be saved. Please try again.';

type Key = keyof SelfIdAnswers;
const isKey = (key: string): key is Key => key === 'sex' || key === 'race';

function AnswersForm({ token, page }: { token: string; page: MySelfIdentification }) {
  const id = useId();
  const change = useChangeSelfIdentification(token);
  const [answers, setAnswers] = useState<SelfIdAnswers>(page.answers);
  // A refused code is the form's fault (a stale option list), so it is said beside the questions.
  const invalid = change.isError && isApiError(change.error) && change.error.status === 400;
  const errorId = `${id}-error`;
  const hasAnswers = Object.values(page.answers).some(Boolean);

  const send = (next: SelfIdAnswers | null, success: string) =>
    change.mutate(next, {
      onSuccess: (saved) => {
        setAnswers(saved.answers);
        toast.success(success);
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ sex: answers.sex || null, race: answers.race || null }, SELF_ID_SAVED);
  };

  return (
    <form aria-label={SELF_ID_TITLE} noValidate onSubmit={submit} className="mt-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {page.questions.map((question) => {
          const key = question.key;
          // A question the page cannot store an answer for is left out rather than sent wrong.
          if (!isKey(key)) return null;
          const controlId = `${id}-${key}`;
          return (
            <div key={key}>
              <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
                {question.label}
              </label>
              <select
                id={controlId}
                value={answers[key] ?? ''}
                disabled={change.isPending}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                onChange={(event) => setAnswers((current) => ({ ...current, [key]: event.target.value || null }))}
                className={`mt-1.5 ${inputClass(invalid)}`}
              >
                <option value="">No answer</option>
                {question.options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {change.isError && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {apiErrorMessage(change.error, SELF_ID_FAILED)}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" loading={change.isPending && change.variables !== null}>
          Save
        </Button>
        <Button
          variant="secondary"
          disabled={!hasAnswers || change.isPending}
          loading={change.isPending && change.variables === null}
          onClick={() => send(null, SELF_ID_DELETED)}
        >
          Delete my answers
        </Button>
      </div>
    </form>
  );
}

/** The voluntary questions (only when the employer asks them), with why they are asked. */
export function SelfIdentificationSection({ token }: { token: string }) {
  const selfId = useSelfIdentification(token);
  if (!selfId.data?.enabled) return null;
  return (
    <Section title={SELF_ID_TITLE} testId="self-identification">
      <p className="mt-3 text-sm text-slate-700">{selfId.data.explanation}</p>
      <AnswersForm token={token} page={selfId.data} />
    </Section>
  );
}
