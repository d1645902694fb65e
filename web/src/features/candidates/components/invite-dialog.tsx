import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';

import { CreateAssistantHint } from '@/components/assistants/create-assistant-hint';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, describedBy, inputClass } from '@/components/ui/field';

import { useAssistantOptions } from '../api/get-assistants';

export const NO_ASSISTANTS = 'No assistants available';
export const ASSISTANTS_FAILED = 'Could not load assistants.';

export type InviteDialogProps = {
  open: boolean;
  title: string;
  /** Who is about to be invited. */
  description: ReactNode;
  busy: boolean;
  /** The server's messages of a failed attempt; the dialog stays open so another assistant can be tried. */
  errors: string[] | null;
  onClose: () => void;
  onConfirm: (assistantId: string) => void;
};

function InviteForm({ description, busy, errors, onClose, onConfirm }: Omit<InviteDialogProps, 'open' | 'title'>) {
  const selectId = useId();
  const assistants = useAssistantOptions();
  const [choice, setChoice] = useState('');

  // SPEC section 8: a failed assistant list is logged; the dialog shows the short text.
  useEffect(() => {
    if (assistants.error) console.error('Failed to load assistants', assistants.error);
  }, [assistants.error]);

  const list = assistants.data ?? [];
  // With a single assistant there is nothing to choose.
  const assistantId = choice || (list.length === 1 ? list[0]!.id : '');
  const loadError = assistants.isError ? ASSISTANTS_FAILED : undefined;
  const noAssistants = !assistants.isPending && !loadError && list.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (assistantId && !busy) onConfirm(assistantId);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-2">
      <div className="text-sm text-slate-600">{description}</div>
      <Field
        id={selectId}
        label="AI assistant"
        required
        className="mt-4"
        hint={noAssistants ? <CreateAssistantHint /> : 'The AI interviewer that runs these interviews.'}
        error={loadError}
      >
        <select
          id={selectId}
          data-testid="invite-assistant-select"
          value={assistantId}
          onChange={(event) => setChoice(event.target.value)}
          disabled={busy}
          aria-invalid={loadError ? true : undefined}
          aria-describedby={describedBy(selectId, { hint: true, error: loadError })}
          className={inputClass(Boolean(loadError))}
        >
          {list.length === 0 ? (
            <option value="">{assistants.isPending ? 'Loading assistants…' : NO_ASSISTANTS}</option>
          ) : (
            <>
              <option value="" disabled>
                Select an assistant
              </option>
              {list.map((assistant) => (
                <option key={assistant.id} value={assistant.id}>
                  {assistant.name || assistant.id}
                </option>
              ))}
            </>
          )}
        </select>
      </Field>
      {errors && errors.length > 0 && (
        <div
          role="alert"
          data-testid="invite-error"
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200"
        >
          {errors.length === 1 ? (
            errors[0]
          ) : (
            <ul className="list-disc space-y-0.5 pl-4">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" data-testid="invite-confirm" disabled={!assistantId} loading={busy}>
          {busy ? 'Sending…' : 'Send invites'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Asks which AI assistant runs the interviews, then confirms. The form is
 * mounted only while open, so each opening starts without a stale choice.
 */
export function InviteDialog({ open, title, onClose, busy, ...form }: InviteDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} busy={busy}>
      {open && <InviteForm onClose={onClose} busy={busy} {...form} />}
    </Dialog>
  );
}
