import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatDate } from '@/lib/date-time';

import type { ErasureRequest } from '../api/types';
import { decisionLine, erasureState, stateLabel } from '../lib/erasure-requests';
import type { ErasureState } from '../lib/erasure-requests';
import { ConfirmErasureDialog, DeclineErasureDialog } from './erasure-dialogs';

const tone: Record<ErasureState, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  erased: 'bg-slate-100 text-slate-700 ring-slate-300',
  declined: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/** A decided request keeps neither name nor address: a dash says so. */
const orDash = (text: string) => text.trim() || <span className="text-slate-400">—</span>;

export type ErasureRequestsTableProps = {
  requests: ErasureRequest[];
  /** Admins get Confirm and Decline on each waiting request; others see the list read-only. */
  canDecide: boolean;
};

/** Where a request stands: its badge, who decided it and when, and why a declined one was. */
function StateDetails({ request }: { request: ErasureRequest }) {
  const state = erasureState(request);
  const decided = decisionLine(request);
  return (
    <>
      <span
        data-testid="erasure-state"
        className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', tone[state])}
      >
        {stateLabel(state)}
      </span>
      {decided && <p className="mt-1 text-xs text-slate-600">{decided}</p>}
      {state === 'declined' && request.decisionNote && (
        <p className="mt-1 max-w-64 break-words text-xs text-slate-600">Reason: {request.decisionNote}</p>
      )}
    </>
  );
}

/** An admin's Confirm and Decline of a waiting request; nothing once it is decided. */
function Decide({ request, onConfirm, onDecline }: { request: ErasureRequest; onConfirm: () => void; onDecline: () => void }) {
  if (erasureState(request) !== 'pending') return null;
  const who = request.candidateName || request.email;
  return (
    <div className="flex gap-2 sm:justify-end">
      <Button variant="danger" className="px-3 py-1.5" aria-label={`Confirm the request of ${who}`} onClick={onConfirm}>
        Confirm
      </Button>
      <Button variant="secondary" className="px-3 py-1.5" aria-label={`Decline the request of ${who}`} onClick={onDecline}>
        Decline
      </Button>
    </div>
  );
}

/**
 * The requests (waiting first, as the server orders them): who, which job, when, and where each
 * stands. A table from 640 px up, cards on a phone.
 */
export function ErasureRequestsTable({ requests, canDecide }: ErasureRequestsTableProps) {
  const [confirming, setConfirming] = useState<ErasureRequest | null>(null);
  const [declining, setDeclining] = useState<ErasureRequest | null>(null);
  const decide = (request: ErasureRequest) =>
    canDecide && <Decide request={request} onConfirm={() => setConfirming(request)} onDecline={() => setDeclining(request)} />;

  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Erasure requests</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                E-mail
              </th>
              <th scope="col" className="px-4 py-3">
                Job
              </th>
              <th scope="col" className="px-4 py-3">
                Requested
              </th>
              <th scope="col" className="px-4 py-3">
                State
              </th>
              {canDecide && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Decision</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {requests.map((request) => (
              <tr key={request.id} data-testid="erasure-request" data-state={erasureState(request)} className="align-top">
                <td className="px-4 py-3 font-medium text-slate-900">{orDash(request.candidateName)}</td>
                <td className="break-words px-4 py-3 text-slate-700">{orDash(request.email)}</td>
                <td className="px-4 py-3 text-slate-700">{orDash(request.jobTitle)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  <time dateTime={request.requestedAt}>{formatDate(request.requestedAt)}</time>
                </td>
                <td className="px-4 py-3">
                  <StateDetails request={request} />
                </td>
                {canDecide && <td className="px-4 py-3">{decide(request)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Erasure requests" className="space-y-3 sm:hidden">
        {requests.map((request) => (
          <li key={request.id} data-testid="erasure-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">{orDash(request.candidateName)}</p>
            <p className="break-all text-sm text-slate-700">{request.email}</p>
            <p className="mt-1 text-sm text-slate-700">
              {request.jobTitle} · requested <time dateTime={request.requestedAt}>{formatDate(request.requestedAt)}</time>
            </p>
            <div className="mt-2">
              <StateDetails request={request} />
            </div>
            {canDecide && <div className="mt-3">{decide(request)}</div>}
          </li>
        ))}
      </ul>
      <ConfirmErasureDialog request={confirming} onClose={() => setConfirming(null)} />
      <DeclineErasureDialog request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
