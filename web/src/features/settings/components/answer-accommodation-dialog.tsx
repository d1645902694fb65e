import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAnswerAccommodation } from '../api/answer-accommodation';
import type { AccommodationRequest } from '../api/types';

export const ANSWERED_FIRST = 'Another recruiter answered it first.';
const ANSWER_FAILED = 'The answer could not be sent.';
const ANSWER_REQUIRED = 'Please write the answer the candidate gets.';
const ANSWER_MAX = 2000;

/** The answer to one request, e-mailed to the candidate (required). */
export function AnswerAccommodationDialog({ request, onClose }: { request: AccommodationRequest | null; onClose: () => void }) {
  const id = useId();
  const answer = useAnswerAccommodation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = text.trim();
  const problem = !trimmed
    ? ANSWER_REQUIRED
    : [...trimmed].length > ANSWER_MAX
      ? `The answer cannot exceed ${ANSWER_MAX} characters.`
      : null;
  const shownProblem = touched ? (problem ?? undefined) : undefined;
  const fieldId = `${id}-answer`;

  const close = () => {
    setText('');
    setTouched(false);
    setFailure(null);
    answer.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!request || problem) return;
    setFailure(null);
    try {
      await answer.mutateAsync({ id: request.id, answer: text });
      toast.success(`Your answer was e-mailed to ${request.candidateName}.`);
      close();
    } catch (error) {
      setFailure(isApiError(error) && error.status === 409 ? ANSWERED_FIRST : apiErrorMessage(error, ANSWER_FAILED));
    }
  };

  return (
    <Dialog open={request !== null} title={`Answer ${request?.candidateName ?? ''}`} onClose={close} busy={answer.isPending}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <blockquote className="mt-3 whitespace-pre-line break-words rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
          {request?.message}
        </blockquote>
        <Field
          id={fieldId}
          label="Your answer"
          required
          className="mt-4"
          hint="E-mailed to the candidate, and kept with the request."
          error={shownProblem}
          aside={<CharCount value={text} max={ANSWER_MAX} />}
        >
          <textarea
            id={fieldId}
            data-autofocus
            rows={5}
            value={text}
            disabled={answer.isPending}
            onChange={(event) => {
              setText(event.target.value);
              setTouched(true);
            }}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={describedBy(fieldId, { hint: true, error: shownProblem })}
            className={inputClass(Boolean(shownProblem))}
          />
        </Field>
        {failure && <ErrorAlert className="mt-4">{failure}</ErrorAlert>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={answer.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={answer.isPending} disabled={Boolean(problem)}>
            {answer.isPending ? 'Sending...' : 'Send answer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
