import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import type { EmailTemplate, TemplateKind } from '@/lib/queries/email-templates';
import { toast } from '@/lib/toast';

import { useSaveEmailTemplate } from '../api/save-email-template';

export const MAX_SUBJECT = 200;
export const MAX_BODY = 5000;
export const SAVE_FAILED = 'Failed to save the template.';

export const TEMPLATE_INFO: Record<TemplateKind, { title: string; description: string }> = {
  rejection: { title: 'Rejection', description: 'Sent when a candidate is rejected.' },
  advance: { title: 'Advance', description: 'Sent when a candidate moves on to Shortlisted, Offer or Hired.' },
};

export const templateSavedMessage = (kind: TemplateKind) => `${TEMPLATE_INFO[kind].title} template saved.`;

export type TemplateEditorProps = {
  template: EmailTemplate;
  /** Admins edit and save; everyone else reads. */
  canEdit: boolean;
};

/** One decision e-mail's subject and body, with Save for admins and the server's verdict on errors. */
export function TemplateEditor({ template, canEdit }: TemplateEditorProps) {
  const id = useId();
  const save = useSaveEmailTemplate();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const info = TEMPLATE_INFO[template.kind];
  const changed = subject !== template.subject || body !== template.body;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ kind: template.kind, subject, body });
      toast.success(templateSavedMessage(template.kind));
    } catch (failure) {
      // e.g. "Unknown variable {{salary}}: use {{candidateName}} or {{jobTitle}}."
      setError(apiErrorMessage(failure, SAVE_FAILED));
    }
  };

  const subjectId = `${id}-subject`;
  const bodyId = `${id}-body`;
  const errorId = `${id}-error`;
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {info.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{info.description}</p>
      <p className="mt-1 text-xs text-slate-500">
        {template.updatedAt
          ? `Last changed${template.updatedBy ? ` by ${template.updatedBy}` : ''} on ${formatDateTime(template.updatedAt)}.`
          : 'The built-in text, not changed yet.'}
      </p>

      <div className="mt-4 space-y-4">
        <Field id={subjectId} label="Subject" aside={<CharCount value={subject} max={MAX_SUBJECT} />}>
          <input
            id={subjectId}
            type="text"
            value={subject}
            readOnly={!canEdit}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setSubject(event.target.value)}
            className={inputClass(Boolean(error))}
          />
        </Field>
        <Field id={bodyId} label="Body" aside={<CharCount value={body} max={MAX_BODY} />}>
          <textarea
            id={bodyId}
            rows={9}
            value={body}
            readOnly={!canEdit}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setBody(event.target.value)}
            className={`${inputClass(Boolean(error))} font-mono`}
          />
        </Field>
      </div>

      {error && (
        <ErrorAlert id={errorId} className="mt-4">
          {error}
        </ErrorAlert>
      )}

      {canEdit && (
        <div className="mt-4 flex justify-end gap-3">
          <Button
            variant="secondary"
            disabled={!changed || save.isPending}
            onClick={() => {
              setSubject(template.subject);
              setBody(template.body);
              setError(null);
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      )}
    </form>
  );
}
