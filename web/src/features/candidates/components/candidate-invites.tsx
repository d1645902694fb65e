import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

import { errorMessage, useSendInvites } from '../api/send-invites';
import type { InviteBatch, InviteOutcome } from '../api/send-invites';
import type { RowSelection } from '../hooks/use-row-selection';
import { groupByJd, isFail } from '../lib/invites';
import { InviteDialog } from './invite-dialog';
import { InviteResult } from './invite-result';

/** The per-JD list's 'Invite all Pass': the JD and, when known, how many Pass candidates it has. */
export type AllPassTarget = { jobDescId: number | string; label: string; passCount: number | null };

export type CandidateInvitesProps = {
  selection: RowSelection;
  allPass?: AllPassTarget;
};

/** `confirmFail`: the selection holds Fail candidates, and the recruiter is asked first. */
type Mode = 'confirmFail' | 'selected' | 'allPass';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'Chen, Dana and 2 more'. */
function names(list: ReadonlyArray<string>, shown = 3): string {
  if (list.length <= 1) return list.join('');
  if (list.length <= shown) return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `${list.slice(0, shown).join(', ')} and ${list.length - shown} more`;
}

/**
 * The invite actions above a candidate table: the selection count, 'Send
 * invite' for the selected rows (one SendInvites call per JD; a selection
 * with Fail candidates asks first), 'Invite all Pass' on a JD's list that
 * has Pass candidates, the assistant dialog and the result of the last round.
 */
export function CandidateInvites({ selection, allPass }: CandidateInvitesProps) {
  const send = useSendInvites();
  const [mode, setMode] = useState<Mode | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<InviteOutcome | null>(null);

  const open = (next: Mode) => {
    setErrors(null);
    setMode(next);
  };
  const close = () => {
    if (!send.isPending) setMode(null);
  };

  const batches = (): InviteBatch[] =>
    mode === 'allPass' && allPass ? [{ jobDescId: allPass.jobDescId, label: allPass.label, allPass: true }] : groupByJd(selection.selected);

  const confirm = (assistantId: string) => {
    setErrors(null);
    send.mutate(
      { assistantId, batches: batches() },
      {
        onSuccess: (result) => {
          if (result.failures.length === result.batches) {
            // Nothing was sent: stay in the dialog with the server's words (e.g. 'Assistant not found').
            setErrors(result.failures.map((failure) => (result.batches > 1 ? `${failure.label}: ${failure.message}` : failure.message)));
            return;
          }
          selection.remove(result.doneResumeIds);
          setOutcome(result);
          setMode(null);
        },
        onError: (error) => setErrors([errorMessage(error)]),
      },
    );
  };

  const failing = selection.selected.filter((row) => isFail(row.recommendation));
  const jds = new Set(selection.selected.map((row) => String(row.jobDescId))).size;
  const description =
    mode === 'allPass' && allPass ? (
      <p>
        Every candidate of <strong className="font-semibold text-slate-900">{allPass.label}</strong> with a Pass recommendation
        {allPass.passCount !== null ? ` (${allPass.passCount})` : ''} gets an e-mail with a link to book an AI interview.
      </p>
    ) : (
      <p>
        {plural(selection.count, 'selected candidate')}
        {jds > 1 ? ` from ${jds} job descriptions` : ''} {selection.count === 1 ? 'gets' : 'get'} an e-mail with a link to book an AI
        interview. Anyone already invited gets the same link again.
      </p>
    );

  return (
    <div className="space-y-3">
      <div
        data-testid="invite-bar"
        className="flex flex-col gap-3 rounded-xl bg-white px-4 py-2 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm text-slate-700" aria-live="polite">
          <span data-testid="selected-count" className="font-semibold tabular-nums text-slate-900">
            {selection.count}
          </span>{' '}
          selected
          {selection.count > 0 && (
            <button
              type="button"
              onClick={selection.clear}
              className="ml-3 font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Clear selection
            </button>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {/* CSV candidates are never scored: a JD without Pass candidates has nobody to invite this way. */}
          {allPass && (allPass.passCount ?? 0) > 0 && (
            <Button variant="secondary" onClick={() => open('allPass')}>
              Invite all Pass
            </Button>
          )}
          <Button onClick={() => open(failing.length > 0 ? 'confirmFail' : 'selected')} disabled={selection.count === 0}>
            Send invite
          </Button>
        </div>
      </div>

      {outcome && <InviteResult outcome={outcome} onDismiss={() => setOutcome(null)} />}

      <Dialog open={mode === 'confirmFail'} title="Invite candidates marked Fail?" onClose={close}>
        <div className="mt-2 space-y-2 text-sm text-slate-600">
          <p data-testid="fail-warning">
            {failing.length === 1
              ? `${failing[0]!.name} has a Fail recommendation from the ATS.`
              : `${failing.length} selected candidates have a Fail recommendation from the ATS: ${names(failing.map((row) => row.name))}.`}
          </p>
          <p>Invite {failing.length === 1 ? 'them' : 'all of them'} to an AI interview anyway?</p>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => open('selected')}>Continue</Button>
        </div>
      </Dialog>

      <InviteDialog
        open={mode === 'selected' || mode === 'allPass'}
        title={mode === 'allPass' ? 'Invite all Pass candidates' : 'Send interview invites'}
        description={description}
        busy={send.isPending}
        errors={errors}
        onClose={close}
        onConfirm={confirm}
      />
    </div>
  );
}
