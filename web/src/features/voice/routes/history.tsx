import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogError } from '@/lib/use-log-error';

import { useAssistants } from '../api/assistants';
import { useCalls } from '../api/calls';
import { structuredDataOf } from '../api/types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, assistantName, dayRange, formatDuration, historyCalls, percent, shortId } from '../lib/voice-rules';

function CopyId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = () => {
    void navigator.clipboard?.writeText(id).catch(() => undefined);
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <span className="inline-flex items-center gap-1.5">
      <code className="text-xs">{shortId(id)}</code>
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy call ID ${shortId(id)}`}
        className="rounded px-1.5 py-0.5 text-xs text-brand-700 hover:bg-brand-50"
      >
        {copied ? 'Copied!' : 'Copy'}
      </button>
    </span>
  );
}

export const HISTORY_FAILED = 'The call history could not be loaded.';

/** Interview Call History (SPEC sections 2, 8, 9). */
export function CallHistoryRoute() {
  const location = useLocation();
  const fromId = useId();
  const toId = useId();
  const sizeId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const calls = useCalls({ ...dayRange(from, to), limit: 1000 });
  const assistants = useAssistants();

  useLogError(calls.error, 'Failed to load call history');

  const rows = historyCalls(calls.data ?? []);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = rows.slice(page * pageSize, page * pageSize + pageSize);
  const filtered = Boolean(from || to);

  return (
    <PageFrame title="Interview Call History" description="Completed interviews whose evaluation succeeded, newest first.">
      <title>Interview Call History · Hirelane</title>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={fromId} className="block text-sm text-slate-600">
            From
          </label>
          <input
            id={fromId}
            type="date"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setPage(0);
            }}
            className={inputClass()}
          />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm text-slate-600">
            To
          </label>
          <input
            id={toId}
            type="date"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setPage(0);
            }}
            className={inputClass()}
          />
        </div>
        <div>
          <label htmlFor={sizeId} className="block text-sm text-slate-600">
            Rows per page
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            className={inputClass()}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState
        query={calls}
        loading={<PageSpinner label="Loading call history…" />}
        errorMessage={HISTORY_FAILED}
        errorClassName="mt-6"
        isEmpty={rows.length === 0}
        empty={
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
            No call history found{filtered ? ' for the selected date range.' : ''}
          </p>
        }
      >
        <div className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Call ID
                </th>
                <th scope="col" className="px-4 py-3">
                  Candidate
                </th>
                <th scope="col" className="px-4 py-3">
                  Assistant
                </th>
                <th scope="col" className="px-4 py-3">
                  Ended
                </th>
                <th scope="col" className="px-4 py-3">
                  Duration
                </th>
                <th scope="col" className="px-4 py-3">
                  Technical
                </th>
                <th scope="col" className="px-4 py-3">
                  Communication
                </th>
                <th scope="col" className="px-4 py-3">
                  Problem Solving
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Analysis</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((call) => {
                const metrics = structuredDataOf(call.analysis.structuredData).additionalInterviewMetrics;
                return (
                  <tr key={call.id}>
                    <td className="whitespace-nowrap px-4 py-3">
                      <CopyId id={call.id} />
                    </td>
                    <td className="px-4 py-3">{call.metadata.candidateName ?? '-'}</td>
                    <td className="px-4 py-3">{assistantName(assistants.data, call.assistantId, assistants.isError)}</td>
                    <td className="whitespace-nowrap px-4 py-3">{call.endedAt ? new Date(call.endedAt).toLocaleString() : '-'}</td>
                    <td className="whitespace-nowrap px-4 py-3">{formatDuration(call.startedAt, call.endedAt)}</td>
                    <td className="px-4 py-3">{percent(call.scores.technicalScore, metrics?.technicalScore)}</td>
                    <td className="px-4 py-3">{percent(call.scores.communicationScore, metrics?.communicationScore)}</td>
                    <td className="px-4 py-3">{percent(call.scores.problemSolvingScore, metrics?.problemSolvingScore)}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <Link
                        to={paths.interviewAnalysis(call.id)}
                        state={{ from: location.pathname }}
                        className="font-semibold text-brand-600 hover:underline"
                      >
                        View Analysis
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {pages > 1 && (
          <div className="mt-4 flex items-center justify-end gap-2 text-sm">
            <Button variant="secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
              Previous
            </Button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button variant="secondary" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1}>
              Next
            </Button>
          </div>
        )}
      </ListState>
    </PageFrame>
  );
}

export { CallHistoryRoute as Component };
