import { useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Field, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';

import { useAddWebhook } from '../api/webhooks';
import { SecretNotice } from './webhook-secret';

const ADD_FAILED = 'The endpoint could not be added.';

type WebhookFormProps = {
  eventTypes: string[];
};

/** Subscribes an HTTPS endpoint to the chosen event types; its secret is then shown once. */
export function WebhookForm({ eventTypes }: WebhookFormProps) {
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [personal, setPersonal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const toggle = (type: string, on: boolean) => setChosen((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!url.trim()) return setError("Please enter the endpoint's https:// URL.");
    if (chosen.length === 0) return setError('Choose at least one event type.');
    try {
      const created = await add.mutateAsync({ url: url.trim(), eventTypes: chosen, includePersonalData: personal });
      setSecret(created.secret);
      setUrl('');
      setChosen([]);
      setPersonal(false);
    } catch (failure) {
      setError(apiErrorMessage(failure, ADD_FAILED));
    }
  };

  return (
    <form
      aria-labelledby="webhook-form-title"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="webhook-form-title" className="text-base font-semibold text-slate-900">
        Add an endpoint
      </h2>
      <Field id="webhook-url" label="Endpoint URL" required className="mt-4">
        <input
          id="webhook-url"
          type="url"
          placeholder="https://example.com/hirelane"
          value={url}
          aria-invalid={Boolean(error) || undefined}
          onChange={(event) => setUrl(event.target.value)}
          className={inputClass(Boolean(error))}
        />
      </Field>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="mt-1.5 grid gap-1.5 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={chosen.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                className="size-4 accent-brand-600"
              />
              <code>{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-4 flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={personal}
          onChange={(event) => setPersonal(event.target.checked)}
          className="size-4 accent-brand-600"
        />
        Include personal data (names, contact details, files)
      </label>
      {error && <ErrorAlert className="mt-4">{error}</ErrorAlert>}
      <div className="mt-4 flex justify-end">
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add endpoint'}
        </Button>
      </div>
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
    </form>
  );
}
