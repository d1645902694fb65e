import { SettingsTabs } from '@/components/settings/settings-tabs';
import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useMe } from '@/lib/queries/me';
import { useLogError } from '@/lib/use-log-error';

import { useDetailsFormSettings } from '../api/details-form';
import { DetailsFormEditor } from '../components/details-form-editor';

export const FORM_FAILED = 'The details form could not be loaded.';
export const ADMINS_ONLY = 'Only admins can change the details form.';

/**
 * Settings › Details form (/settings/details-form): the questions candidates answer before their
 * interview. The spec's form is the default; admins turn questions off, make them optional,
 * relabel them, name the office and pay unit, and add their own.
 */
export function DetailsFormRoute() {
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const form = useDetailsFormSettings({ enabled: isAdmin });
  useLogError(form.error, 'Failed to load the details form');

  let content;
  if (me.data && !isAdmin) content = <p className="text-sm font-medium text-slate-700">{ADMINS_ONLY}</p>;
  else if (form.isError) content = <LoadError message={FORM_FAILED} query={form} />;
  else if (!form.data)
    content = <div aria-busy="true" aria-label="Loading the details form" className="h-64 animate-pulse rounded-xl bg-slate-100" />;
  // A save or reset restarts the editor from what the server kept.
  else content = <DetailsFormEditor key={form.data.updatedAt ?? 'spec'} answer={form.data} />;

  return (
    <PageFrame title="Settings" description="What candidates are asked before their interview.">
      <title>Details form · Settings · Hirelane</title>
      <SettingsTabs />
      <div className="mt-6 max-w-3xl">{content}</div>
    </PageFrame>
  );
}

export { DetailsFormRoute as Component };
