import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { CharCount, Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';

import { useRequestAccommodation } from '../api/request-accommodation';
import type { MyApplication } from '../api/types';
import { Section } from './section';

export const ACCOMMODATION_TITLE = 'Request an alternative process or an accommodation';
export const ACCOMMODATION_SENT = 'Your request was sent; the team will answer by e-mail.';
export const MESSAGE_MAX = 2000;
const MESSAGE_REQUIRED = 'Please say what you need.';
const MESSAGE_TOO_LONG = `Your request cannot exceed ${MESSAGE_MAX} characters.`;
const ACCOMMODATION_FAILED = 'Your request could not be sent. Please try again.';

function messageProblem(message: string): string | null {
  const trimmed = message.trim();
  if (!trimmed) return MESSAGE_REQUIRED;
  return [...trimmed].length > MESSAGE_MAX ? MESSAGE_TOO_LONG : null;
}

/**
 * A candidate who needs the process changed (another format than the AI interview, more time, an
 * assistive tool) says so here; a person on the team answers by e-mail.
 */
export function AccommodationSection({ page, token }: { page: MyApplication; token: string }) {
  const id = useId();
  const request = useRequestAccommodation(token);
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = messageProblem(message);
  const shown = (touched ? problem : null) ?? (request.isError ? apiErrorMessage(request.error, ACCOMMODATION_FAILED) : null);
  const fieldId = `${id}-message`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) request.mutate(message);
  };

  return (
    <Section title={ACCOMMODATION_TITLE} testId="accommodation">
      {page.accommodationRequested ? (
        <Notice tone="success" className="mt-4">
          <span data-testid="accommodation-requested">{ACCOMMODATION_SENT}</span>
        </Notice>
      ) : (
        <form noValidate onSubmit={submit} className="mt-3">
          <p className="text-sm text-slate-700">
            If you need the process adapted, for example another format than the AI interview, more time or an assistive tool, tell the team
            here.
          </p>
          <Field
            id={fieldId}
            label="What do you need?"
            required
            className="mt-4"
            error={shown ?? undefined}
            aside={<CharCount value={message} max={MESSAGE_MAX} />}
          >
            <textarea
              id={fieldId}
              rows={4}
              value={message}
              disabled={request.isPending}
              onChange={(event) => {
                setMessage(event.target.value);
                request.reset();
              }}
              aria-invalid={shown ? true : undefined}
              aria-describedby={describedBy(fieldId, { error: shown })}
              className={inputClass(Boolean(shown))}
            />
          </Field>
          <Button type="submit" className="mt-4" loading={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send request'}
          </Button>
        </form>
      )}
    </Section>
  );
}
