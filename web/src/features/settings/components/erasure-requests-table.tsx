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

/** The requests (waiting first, as the server orders them): who, which job, when, and where each stands. */
export function ErasureRequestsTable({ requests, canDecide }: ErasureRequestsTableProps) {
  const [confirming, setConfirming] = useState<ErasureRequest | null>(null);
  const [declining, setDeclining] = useState<ErasureRequest | null>(null);

  return (
    <>
      {/* Relative: the screen-reader texts stay inside the scroller instead of widening a phone's page. */}
      <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
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
            {requests.map((request) => {
              const state = erasureState(request);
              const decided = decisionLine(request);
              return (
                <tr key={request.id} data-testid="erasure-request" data-state={state} className="align-top">
                  <td className="px-4 py-3 font-medium text-slate-900">{orDash(request.candidateName)}</td>
                  <td className="break-all px-4 py-3 text-slate-700">{orDash(request.email)}</td>
                  <td className="px-4 py-3 text-slate-700">{orDash(request.jobTitle)}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <time dateTime={request.requestedAt}>{formatDate(request.requestedAt)}</time>
                  </td>
                  <td className="px-4 py-3">
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
                  </td>
                  {canDecide && (
                    <td className="px-4 py-3">
                      {state === 'pending' && (
                        <div className="flex justify-end gap-2">
                          <Button
                            variant="danger"
                            className="px-3 py-1.5"
                            aria-label={`Confirm the request of ${request.candidateName || request.email}`}
                            onClick={() => setConfirming(request)}
                          >
                            Confirm
                          </Button>
                          <Button
                            variant="secondary"
                            className="px-3 py-1.5"
                            aria-label={`Decline the request of ${request.candidateName || request.email}`}
                            onClick={() => setDeclining(request)}
                          >
                            Decline
                          </Button>
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmErasureDialog request={confirming} onClose={() => setConfirming(null)} />
      <DeclineErasureDialog request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
