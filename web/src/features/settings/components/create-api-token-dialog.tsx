import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { useCopy } from '@/lib/use-copy';

import { useCreateApiToken } from '../api/api-tokens';
import type { ApiScope, CreatedApiToken } from '../api/types';
import { EXPIRIES, SCOPES, expiryInstant } from '../lib/api-tokens';

/** The server's limit (`auth::api_token_settings::MAX_NAME`). */
export const MAX_TOKEN_NAME = 80;
export const NAME_REQUIRED = 'Please name the token.';
export const SCOPE_REQUIRED = 'Choose at least one scope.';
export const SHOWN_ONCE = 'Copy the token now: it is not shown again.';
const CREATE_FAILED = 'The token could not be created.';

/**
 * Creates an API token: a name, its scopes and an optional expiry; then shows the secret once,
 * with Copy. Closing forgets the secret (the server keeps only its hash).
 */
export function CreateApiTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState('never');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const nameProblem = !name.trim()
    ? NAME_REQUIRED
    : [...name.trim()].length > MAX_TOKEN_NAME
      ? `A token's name cannot exceed ${MAX_TOKEN_NAME} characters.`
      : undefined;
  const scopeProblem = scopes.length === 0 ? SCOPE_REQUIRED : undefined;
  const shown = (problem: string | undefined) => (touched ? problem : undefined);

  const close = () => {
    setName('');
    setScopes([]);
    setExpiry('never');
    setTouched(false);
    setFailure(null);
    setCreated(null);
    create.reset();
    onClose();
  };

  const toggle = (scope: ApiScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem || scopeProblem) return;
    setFailure(null);
    try {
      setCreated(await create.mutateAsync({ name, scopes, expiresAt: expiryInstant(expiry) }));
    } catch (error) {
      setFailure(apiErrorMessage(error, CREATE_FAILED));
    }
  };

  const nameId = `${id}-name`;
  const expiryId = `${id}-expiry`;
  return (
    <Dialog open={open} title={created ? 'Your new API token' : 'New API token'} onClose={close} busy={create.isPending}>
      {created ? (
        <ShownOnce created={created} onDone={close} />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field
            id={nameId}
            label="Name"
            required
            className="mt-4"
            hint="What the integration is, e.g. HRIS sync."
            error={shown(nameProblem)}
            aside={<CharCount value={name} max={MAX_TOKEN_NAME} />}
          >
            <input
              id={nameId}
              data-autofocus
              type="text"
              value={name}
              disabled={create.isPending}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={shown(nameProblem) ? true : undefined}
              aria-describedby={describedBy(nameId, { hint: true, error: shown(nameProblem) })}
              className={inputClass(Boolean(shown(nameProblem)))}
            />
          </Field>
          <fieldset className="mt-4" aria-describedby={shown(scopeProblem) ? `${id}-scopes-error` : undefined}>
            <legend className="text-sm font-medium text-slate-700">Scopes</legend>
            <div className="mt-2 space-y-2">
              {SCOPES.map(({ scope, label }) => (
                <label key={scope} className="flex items-start gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="mt-0.5"
                    checked={scopes.includes(scope)}
                    disabled={create.isPending}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  <span>
                    <code className="text-xs font-semibold text-slate-900">{scope}</code> · {label}
                  </span>
                </label>
              ))}
            </div>
            {shown(scopeProblem) && (
              <p id={`${id}-scopes-error`} className="mt-1 text-sm text-red-700">
                {scopeProblem}
              </p>
            )}
          </fieldset>
          <Field id={expiryId} label="Expiry" className="mt-4">
            <select
              id={expiryId}
              value={expiry}
              disabled={create.isPending}
              onChange={(event) => setExpiry(event.target.value)}
              className={inputClass()}
            >
              {EXPIRIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          {failure && <ErrorAlert className="mt-4">{failure}</ErrorAlert>}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create token'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The secret, the one time it exists outside the integrator's hands. */
function ShownOnce({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const { copied, copy } = useCopy();
  return (
    <div>
      <p className="mt-3 text-sm font-medium text-amber-900">{SHOWN_ONCE}</p>
      <p className="mt-1 text-sm text-slate-600">
        Send it as <code className="text-xs">Authorization: Bearer …</code> with each request.
      </p>
      <code
        data-testid="api-token-secret"
        className="mt-3 block break-all rounded bg-slate-100 px-3 py-2 text-xs text-slate-900 select-all"
      >
        {created.secret}
      </code>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => copy(created.secret)}>
          {copied ? 'Copied!' : 'Copy token'}
        </Button>
        <Button data-autofocus onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
