import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';

import { AssistantSelect, useAssistantPicker } from '@/components/assistants/assistant-select';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

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
  const picker = useAssistantPicker();
  const assistantId = picker.value;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (assistantId && !busy) onConfirm(assistantId);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-2">
      <div className="text-sm text-slate-600">{description}</div>
      <AssistantSelect
        id={selectId}
        picker={picker}
        hint="The AI interviewer that runs these interviews."
        disabled={busy}
        testId="invite-assistant-select"
        className="mt-4"
      />
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
