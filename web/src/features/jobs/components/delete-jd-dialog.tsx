import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/field';

export const DELETE_REASON_REQUIRED = 'Please provide a reason for deleting this JD.';

/** Confirm Delete is enabled once a reason (not just spaces) is typed, and not while deleting. */
export function canConfirmDelete(reason: string, deleting: boolean): boolean {
  return !deleting && reason.trim().length > 0;
}

export type DeleteJdDialogProps = {
  open: boolean;
  jdname: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** The delete modal of SPEC section 2, word for word. */
export function DeleteJdDialog({ open, jdname, deleting, onCancel, onConfirm }: DeleteJdDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const showRequired = touched && !reason.trim();

  const close = () => {
    setReason('');
    setTouched(false);
    onCancel();
  };

  return (
    <Dialog open={open} title={`Delete JD - ${jdname}`} onClose={close} busy={deleting}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (canConfirmDelete(reason, deleting)) onConfirm(reason.trim());
        }}
      >
        <label htmlFor={`${id}-reason`} className="mt-4 block text-sm text-slate-700">
          Provide a reason for deleting this JD:
        </label>
        <textarea
          id={`${id}-reason`}
          data-autofocus
          rows={4}
          value={reason}
          disabled={deleting}
          onChange={(event) => {
            setReason(event.target.value);
            setTouched(true);
          }}
          placeholder="Enter reason..."
          aria-invalid={showRequired || undefined}
          aria-describedby={showRequired ? `${id}-error` : `${id}-note`}
          className={`mt-2 ${inputClass(showRequired)}`}
        />
        {showRequired && (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
            {DELETE_REASON_REQUIRED}
          </p>
        )}
        <p id={`${id}-note`} className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          The data will be moved to the bin and will be permanently deleted after 30 days.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={deleting} disabled={!canConfirmDelete(reason, deleting)}>
            {deleting ? 'Deleting...' : 'Confirm Delete'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
