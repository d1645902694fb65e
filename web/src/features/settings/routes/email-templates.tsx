import { SettingsTabs } from '@/components/settings/settings-tabs';
import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useEmailTemplates } from '@/lib/queries/email-templates';
import { useMe } from '@/lib/queries/me';
import { useLogError } from '@/lib/use-log-error';

import { TemplateEditor } from '../components/template-editor';

export const TEMPLATES_FAILED = 'The e-mail templates could not be loaded.';
export const READ_ONLY_NOTE = 'Only admins can change the templates.';

const VARIABLES = [
  { name: '{{candidateName}}', meaning: "The candidate's full name" },
  { name: '{{jobTitle}}', meaning: 'The title of the job they applied for' },
];

/** Settings › E-mail templates (/settings/templates): the rejection and advance e-mails. */
export function EmailTemplatesRoute() {
  const templates = useEmailTemplates();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';

  useLogError(templates.error, 'Failed to load the e-mail templates');

  return (
    <PageFrame title="Settings" description="The e-mails candidates get when you decide on them.">
      <title>E-mail templates · Settings · Hirelane</title>
      <SettingsTabs />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-6">
          {templates.isPending ? (
            <div
              data-testid="templates-skeleton"
              aria-busy="true"
              aria-label="Loading the templates"
              className="h-64 animate-pulse rounded-xl bg-slate-100"
            />
          ) : templates.isError ? (
            <LoadError message={TEMPLATES_FAILED} query={templates} />
          ) : (
            // A saved template restarts its editor from what the server kept.
            templates.data.map((template) => (
              <TemplateEditor key={`${template.kind}-${template.updatedAt ?? 'built-in'}`} template={template} canEdit={isAdmin} />
            ))
          )}
        </div>
        <aside aria-labelledby="variables-title" className="h-fit rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <h2 id="variables-title" className="text-sm font-semibold text-slate-900">
            Variables
          </h2>
          <p className="mt-1 text-sm text-slate-600">Write these in the subject or body; each e-mail fills them in.</p>
          <dl className="mt-3 space-y-2 text-sm">
            {VARIABLES.map((variable) => (
              <div key={variable.name}>
                <dt>
                  <code className="rounded bg-white px-1.5 py-0.5 text-xs text-brand-800 ring-1 ring-slate-200">{variable.name}</code>
                </dt>
                <dd className="mt-0.5 text-slate-600">{variable.meaning}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-500">Any other name in double braces is refused.</p>
          {me.data && !isAdmin && <p className="mt-3 text-sm font-medium text-slate-700">{READ_ONLY_NOTE}</p>}
        </aside>
      </div>
    </PageFrame>
  );
}

export { EmailTemplatesRoute as Component };
