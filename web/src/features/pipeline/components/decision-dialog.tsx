import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, describedBy, inputClass } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';
import { useEmailTemplates } from '@/lib/queries/email-templates';
import { stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';
import { useLogError } from '@/lib/use-log-error';

import { useEmailPreview } from '../api/email-preview';
import type { DecisionCandidate, EmailText, MoveResult } from '../api/types';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useStageMove } from '../hooks/use-stage-move';
import type { StageMove } from '../hooks/use-stage-move';
import { confirmLabel, decisionTitle, whoLabel } from '../lib/decision';
import { MAX_REASON, emailKindFor, needsReason } from '../lib/moves';

export const TEMPLATES_FAILED = 'Could not load the e-mail template.';
export const PREVIEW_FAILED = 'Could not preview the e-mail.';

export type DecisionDialogProps = {
  /** The stage to move to; the dialog is open while it is set. */
  stage: Stage | null;
  candidates: DecisionCandidate[];
  /** Starts with the e-mail ticked ("Move with e-mail…", "Reject with e-mail"). */
  emailByDefault?: boolean;
  onClose: () => void;
  /** After the move succeeded (the toast is already shown). */
  onMoved?: (result: MoveResult) => void;
};

type FormProps = Omit<DecisionDialogProps, 'stage'> & { stage: Stage; move: StageMove; busy: boolean };

function EmailPreviewPanel({ preview, loading, error }: { preview: EmailText & { to: string }; loading: boolean; error: string | null }) {
  return (
    <section
      aria-label="E-mail preview"
      data-testid="email-preview"
      className="mt-4 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-inset ring-slate-200"
    >
      <h3 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        Preview
        {loading && <Spinner className="size-3" />}
      </h3>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <dl className="mt-2 space-y-1 text-slate-700">
          <div className="flex gap-2">
            <dt className="font-medium text-slate-500">To:</dt>
            <dd data-testid="preview-to" className="break-all">
              {preview.to || 'No e-mail address'}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-medium text-slate-500">Subject:</dt>
            <dd data-testid="preview-subject" className="break-words font-medium text-slate-900">
              {preview.subject}
            </dd>
          </div>
        </dl>
      )}
      {!error && (
        <div
          data-testid="preview-body"
          className="mt-2 whitespace-pre-wrap break-words rounded bg-white p-2 text-slate-700 ring-1 ring-inset ring-slate-200"
        >
          {preview.body}
        </div>
      )}
    </section>
  );
}

function DecisionForm({ stage, candidates, emailByDefault = false, onClose, onMoved, move, busy }: FormProps) {
  const reasonId = useId();
  const emailId = useId();
  const subjectId = useId();
  const bodyId = useId();
  const kind = emailKindFor(stage);
  const withReason = needsReason(stage);

  const [reason, setReason] = useState('');
  const [sendEmail, setSendEmail] = useState(emailByDefault && kind !== null);
  // null: the organisation's template as it is; set once the recruiter edits the text.
  const [edited, setEdited] = useState<EmailText | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const templates = useEmailTemplates({ enabled: sendEmail });
  const template = templates.data?.find((item) => item.kind === kind);
  const text: EmailText | null = edited ?? (template ? { subject: template.subject, body: template.body } : null);

  // The preview is of the first candidate; the text is debounced so typing does not ask each key.
  const first = candidates[0];
  const subject = useDebouncedValue(text?.subject ?? '', 300);
  const body = useDebouncedValue(text?.body ?? '', 300);
  const settled = text !== null && subject === text.subject && body === text.body;
  const previewInput = sendEmail && first && subject.trim() && body.trim() ? { resumeId: first.resumeId, subject, body } : null;
  const preview = useEmailPreview(previewInput);
  const previewCurrent = previewInput !== null && settled && preview.isSuccess && !preview.isPlaceholderData;
  const previewError = preview.isError ? apiErrorMessage(preview.error, PREVIEW_FAILED) : null;

  useLogError(templates.error, 'Failed to load e-mail templates');

  const reasonMissing = withReason && reason.trim() === '';
  const emailBlank = sendEmail && (!text || !text.subject.trim() || !text.body.trim());
  const canConfirm = !reasonMissing && !emailBlank && (!sendEmail || previewCurrent) && !busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canConfirm) return;
    setRefusal(null);
    move(
      { candidates, stage, reason: withReason ? reason.trim() : undefined, email: sendEmail && text ? text : undefined },
      {
        onMoved: (result) => {
          onMoved?.(result);
          onClose();
        },
        onRefused: setRefusal,
        onConflict: onClose,
      },
    );
  };

  const many = candidates.length > 1;
  const from = new Set(candidates.map((c) => c.fromStage));
  return (
    <form noValidate onSubmit={submit} className="mt-2">
      <p className="text-sm text-slate-600">
        {many ? `${whoLabel(candidates)} move` : `${whoLabel(candidates)} moves`}
        {from.size === 1 ? ` from ${stageLabel([...from][0]!)}` : ''} to{' '}
        <strong className="font-semibold text-slate-900">{stageLabel(stage)}</strong>.
      </p>

      {withReason && (
        <Field
          id={reasonId}
          label="Reason"
          required
          className="mt-4"
          hint="Kept with the decision; the candidate does not see it."
          aside={<CharCount value={reason} max={MAX_REASON} />}
        >
          <textarea
            id={reasonId}
            data-autofocus
            rows={3}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={busy}
            placeholder="Enter reason..."
            aria-required="true"
            aria-describedby={describedBy(reasonId, { hint: true })}
            className={inputClass()}
          />
        </Field>
      )}

      {kind && (
        <div className="mt-4">
          <label htmlFor={emailId} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              id={emailId}
              type="checkbox"
              checked={sendEmail}
              onChange={(event) => setSendEmail(event.target.checked)}
              disabled={busy}
              className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600"
            />
            {many ? 'Send an e-mail to each candidate' : 'Send an e-mail to the candidate'}
          </label>
          {sendEmail && (
            <div className="mt-3 space-y-3">
              {templates.isPending ? (
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner className="size-4" /> Loading the e-mail template…
                </p>
              ) : templates.isError && !edited ? (
                <p role="alert" className="text-sm text-red-700">
                  {TEMPLATES_FAILED}
                </p>
              ) : null}
              {text && (
                <>
                  <Field id={subjectId} label="Subject" required>
                    <input
                      id={subjectId}
                      type="text"
                      maxLength={200}
                      value={text.subject}
                      onChange={(event) => setEdited({ ...text, subject: event.target.value })}
                      disabled={busy}
                      className={inputClass()}
                    />
                  </Field>
                  <Field
                    id={bodyId}
                    label="Message"
                    required
                    hint={
                      <>
                        <code>{'{{candidateName}}'}</code> and <code>{'{{jobTitle}}'}</code> are filled in for each candidate.
                      </>
                    }
                  >
                    <textarea
                      id={bodyId}
                      rows={7}
                      maxLength={5000}
                      value={text.body}
                      onChange={(event) => setEdited({ ...text, body: event.target.value })}
                      disabled={busy}
                      aria-describedby={describedBy(bodyId, { hint: true })}
                      className={inputClass()}
                    />
                  </Field>
                  {many && first && <p className="text-xs text-slate-500">The preview shows the e-mail {first.name} gets.</p>}
                  {(preview.data || previewError) && (
                    <EmailPreviewPanel
                      preview={preview.data ?? { to: '', subject: '', body: '' }}
                      loading={!previewCurrent && !previewError}
                      error={previewError}
                    />
                  )}
                  {!preview.data && !previewError && previewInput && (
                    <p className="flex items-center gap-2 text-sm text-slate-600">
                      <Spinner className="size-4" /> Preparing the preview…
                    </p>
                  )}
                </>
              )}
            </div>
          )}
        </div>
      )}

      {refusal && (
        <ErrorAlert data-testid="decision-error" className="mt-4">
          {refusal}
        </ErrorAlert>
      )}

      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          data-testid="decision-confirm"
          variant={stage === 'rejected' || stage === 'withdrawn' ? 'danger' : 'primary'}
          disabled={!canConfirm}
          loading={busy}
        >
          {busy ? 'Moving…' : confirmLabel(stage)}
        </Button>
      </div>
    </form>
  );
}

/**
 * A decision about one or more candidates: the reason (Rejected, Withdrawn) and, for a
 * rejection or an advance, an optional e-mail from the organisation's template, editable, with
 * the server's rendering of it shown before the move is confirmed. Used by the board and the
 * candidate lists. The form is mounted only while open, so each opening starts afresh.
 */
export function DecisionDialog({ stage, candidates, onClose, ...rest }: DecisionDialogProps) {
  const { move, isPending } = useStageMove();
  const open = stage !== null && candidates.length > 0;
  return (
    <Dialog open={open} title={open ? decisionTitle(stage, candidates) : ''} onClose={onClose} busy={isPending} className="max-w-lg">
      {open && <DecisionForm stage={stage} candidates={candidates} onClose={onClose} move={move} busy={isPending} {...rest} />}
    </Dialog>
  );
}
