import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/date-time';

import type { AccommodationRequest } from '../api/types';
import { AnswerAccommodationDialog } from './answer-accommodation-dialog';

const isPending = (request: AccommodationRequest) => request.state === 'pending';

/** Its badge, and once answered who answered, when, and what. */
function State({ request }: { request: AccommodationRequest }) {
  const pending = isPending(request);
  return (
    <>
      <span
        data-testid="accommodation-state"
        className={cn(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
          pending ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-300',
        )}
      >
        {pending ? 'Pending' : 'Answered'}
      </span>
      {!pending && (
        <p className="mt-1 text-xs text-slate-600">
          {['Answered', request.answeredBy && `by ${request.answeredBy}`, request.answeredAt && `on ${formatDate(request.answeredAt)}`]
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
      {request.answer && <p className="mt-1 max-w-72 whitespace-pre-line break-words text-xs text-slate-600">{request.answer}</p>}
    </>
  );
}

/**
 * Candidates' requests for an alternative process or an accommodation (waiting first, as the
 * server orders them), each with the way to answer it while it waits.
 */
export function AccommodationRequestsTable({ requests }: { requests: AccommodationRequest[] }) {
  const [answering, setAnswering] = useState<AccommodationRequest | null>(null);
  return (
    <>
      <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Accommodation requests</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Candidate
              </th>
              <th scope="col" className="px-4 py-3">
                Request
              </th>
              <th scope="col" className="px-4 py-3">
                Requested
              </th>
              <th scope="col" className="px-4 py-3">
                State
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Answer</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {requests.map((request) => (
              <tr key={request.id} data-testid="accommodation-request" data-state={request.state} className="align-top">
                <td className="px-4 py-3">
                  <Link
                    to={paths.candidateAnalysis(String(request.resumeId), '0')}
                    className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {request.candidateName}
                  </Link>
                  <p className="text-slate-600">{request.jobTitle}</p>
                </td>
                <td className="max-w-md whitespace-pre-line break-words px-4 py-3 text-slate-700">{request.message}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  <time dateTime={request.requestedAt}>{formatDate(request.requestedAt)}</time>
                </td>
                <td className="px-4 py-3">
                  <State request={request} />
                </td>
                <td className="px-4 py-3 text-right">
                  {isPending(request) && (
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      aria-label={`Answer ${request.candidateName}`}
                      onClick={() => setAnswering(request)}
                    >
                      Answer
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AnswerAccommodationDialog request={answering} onClose={() => setAnswering(null)} />
    </>
  );
}
