import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CharCount, Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useConfirmErasure } from '../api/confirm-erasure';
import { useDeclineErasure } from '../api/decline-erasure';
import type { ErasureRequest } from '../api/types';
import { DECLINE_REASON_MAX, declineReasonProblem, erasedSummary } from '../lib/erasure-requests';

export const CONFIRM_FAILED = 'The data could not be erased.';
export const DECLINE_FAILED = 'The request could not be declined.';

const who = (request: ErasureRequest) => request.candidateName.trim() || request.email;

type DecisionDialogProps = { request: ErasureRequest | null; onClose: () => void };

/** Confirm: erases everything held about the address, after saying so plainly. */
export function ConfirmErasureDialog({ request, onClose }: DecisionDialogProps) {
  const confirm = useConfirmErasure();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    confirm.reset();
    onClose();
  };

  const onConfirm = async () => {
    if (!request) return;
    setFailure(null);
    try {
      const erased = await confirm.mutateAsync({ id: request.id });
      toast.success(`${request.email}: ${erasedSummary(erased)}`);
      close();
    } catch (error) {
      setFailure(apiErrorMessage(error, CONFIRM_FAILED));
    }
  };

  return (
    <Dialog open={request !== null} title={`Erase the data of ${request ? who(request) : ''}?`} onClose={close} busy={confirm.isPending}>
      <p data-testid="erasure-warning" className="mt-3 text-sm text-slate-700">
        This erases everything held about <strong className="break-all font-semibold">{request?.email}</strong>, in every job: their
        applications, resumes, analyses, interview calls and recordings, and the e-mails sent to them. It cannot be undone.
      </p>
      {failure && <ErrorAlert className="mt-4">{failure}</ErrorAlert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={confirm.isPending}>
          Cancel
        </Button>
        <Button variant="danger" loading={confirm.isPending} onClick={() => void onConfirm()}>
          {confirm.isPending ? 'Erasing...' : 'Erase everything'}
        </Button>
      </div>
    </Dialog>
  );
}

/** Decline: keeps the data, with the reason the team keeps (required). */
export function DeclineErasureDialog({ request, onClose }: DecisionDialogProps) {
  const id = useId();
  const decline = useDeclineErasure();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = declineReasonProblem(reason);
  const shownProblem = touched ? (problem ?? undefined) : undefined;

  const close = () => {
    setReason('');
    setTouched(false);
    setFailure(null);
    decline.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!request || problem) return;
    setFailure(null);
    try {
      await decline.mutateAsync({ id: request.id, reason });
      toast.success(`The request of ${who(request)} was declined; the data is kept.`);
      close();
    } catch (error) {
      setFailure(apiErrorMessage(error, DECLINE_FAILED));
    }
  };

  return (
    <Dialog
      open={request !== null}
      title={`Decline the request of ${request ? who(request) : ''}?`}
      onClose={close}
      busy={decline.isPending}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <p className="mt-3 text-sm text-slate-700">
          The data about {request?.email} is kept. The reason is for the team; the candidate is not told it.
        </p>
        <Field
          id={`${id}-reason`}
          label="Reason"
          required
          className="mt-4"
          error={shownProblem}
          aside={<CharCount value={reason} max={DECLINE_REASON_MAX} />}
        >
          <textarea
            id={`${id}-reason`}
            data-autofocus
            rows={4}
            value={reason}
            disabled={decline.isPending}
            placeholder="For example: a legal hold until the audit ends"
            onChange={(event) => {
              setReason(event.target.value);
              setTouched(true);
            }}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={describedBy(`${id}-reason`, { error: shownProblem })}
            className={inputClass(Boolean(shownProblem))}
          />
        </Field>
        {failure && <ErrorAlert className="mt-4">{failure}</ErrorAlert>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={decline.isPending} disabled={Boolean(problem)}>
            {decline.isPending ? 'Declining...' : 'Decline request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
