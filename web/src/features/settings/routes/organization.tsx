import { useState } from 'react';
import type { FormEvent } from 'react';

import { SettingsTabs } from '@/components/settings/settings-tabs';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, inputClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { apiErrorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/queries/me';
import { toast } from '@/lib/toast';
import { useLogError } from '@/lib/use-log-error';

import { useOrganization, useSaveOrganization } from '../api/organization';
import type { Organization } from '../api/types';

export const ORGANIZATION_FAILED = "The organisation's settings could not be loaded.";
export const ORGANIZATION_SAVED = "The organisation's name is saved.";
export const ORGANIZATION_READ_ONLY = "Only admins can change the organisation's name.";
const SAVE_FAILED = "The organisation's name could not be saved.";
/** The server's limit (`careers::organisation::MAX_NAME`). */
export const MAX_ORGANIZATION_NAME = 100;

/** Settings › Organisation (/settings/organization): the name candidates read. */
export function OrganizationRoute() {
  const organization = useOrganization();
  const me = useMe();
  useLogError(organization.error, "Failed to load the organisation's settings");

  return (
    <PageFrame title="Settings" description="How candidates see your organisation.">
      <title>Organisation · Settings · Hirelane</title>
      <SettingsTabs />
      <div className="mt-6 max-w-xl">
        {organization.isPending ? (
          <div aria-busy="true" aria-label="Loading the organisation" className="h-40 animate-pulse rounded-xl bg-slate-100" />
        ) : organization.isError ? (
          <LoadError message={ORGANIZATION_FAILED} query={organization} />
        ) : (
          // Restarts from what the server kept after a save.
          <NameForm
            key={organization.data.organizationName}
            organization={organization.data}
            canEdit={me.data?.role === 'admin'}
            readOnlyNote={me.data !== undefined && me.data.role !== 'admin'}
          />
        )}
      </div>
    </PageFrame>
  );
}

type NameFormProps = {
  organization: Organization;
  canEdit: boolean;
  /** Known not to be an admin (nothing is said while the role is loading). */
  readOnlyNote: boolean;
};

function NameForm({ organization, canEdit, readOnlyNote }: NameFormProps) {
  const save = useSaveOrganization();
  const [name, setName] = useState(organization.organizationName);
  const [error, setError] = useState<string | null>(null);
  const changed = name.trim() !== organization.organizationName;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError("Please enter the organisation's name.");
      return;
    }
    try {
      await save.mutateAsync({ organizationName: name });
      toast.success(ORGANIZATION_SAVED);
    } catch (failure) {
      setError(apiErrorMessage(failure, SAVE_FAILED));
    }
  };

  const errorId = 'organization-name-error';
  return (
    <form
      aria-labelledby="organization-title"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="organization-title" className="text-base font-semibold text-slate-900">
        Organisation name
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Shown on the careers pages and in the e-mails candidates get. Until it is changed, the configured name ({organization.defaultName})
        is used.
      </p>
      <Field id="organization-name" label="Name" required className="mt-4" aside={<CharCount value={name} max={MAX_ORGANIZATION_NAME} />}>
        <input
          id="organization-name"
          type="text"
          value={name}
          readOnly={!canEdit}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          className={inputClass(Boolean(error))}
        />
      </Field>
      {error && (
        <ErrorAlert id={errorId} className="mt-4">
          {error}
        </ErrorAlert>
      )}
      {canEdit && (
        <div className="mt-4 flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      )}
      {readOnlyNote && <p className="mt-4 text-sm font-medium text-slate-700">{ORGANIZATION_READ_ONLY}</p>}
    </form>
  );
}

export { OrganizationRoute as Component };
