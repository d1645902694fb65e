import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { useLogError } from '@/lib/use-log-error';

import { useAssistants } from '../api/assistants';
import { useCalls } from '../api/calls';
import { CallHistoryCards, CallHistoryTable, CallSortSelect } from '../components/call-history-list';
import {
  DEFAULT_CALL_SORT,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  assistantName,
  dayRange,
  historyCalls,
  nextCallSort,
  sortCalls,
} from '../lib/voice-rules';
import type { CallSort } from '../lib/voice-rules';

export const HISTORY_FAILED = 'The call history could not be loaded.';

/** The most calls the server sends at once; the history pages and sorts what it sent. */
export const HISTORY_LIMIT = 1000;

/** A labelled date input of the filter bar. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-600">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={inputClass()} />
    </div>
  );
}

/** Interview Call History (SPEC sections 2, 8, 9). */
export function CallHistoryRoute() {
  const sizeId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<CallSort>(DEFAULT_CALL_SORT);
  const calls = useCalls({ ...dayRange(from, to), limit: HISTORY_LIMIT });
  const assistants = useAssistants();

  useLogError(calls.error, 'Failed to load call history');

  // The server neither sorts nor pages: it sends every call in the range (up to the limit), so
  // sorting here orders all of them, not just the page on screen.
  const rows = sortCalls(historyCalls(calls.data ?? []), sort).map((call) => ({
    call,
    assistant: assistantName(assistants.data, call.assistantId, assistants.isError),
  }));
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = rows.slice(page * pageSize, page * pageSize + pageSize);
  const filtered = Boolean(from || to);
  const capped = (calls.data?.length ?? 0) >= HISTORY_LIMIT;
  const changeSort = (next: CallSort) => {
    setSort(next);
    setPage(0);
  };
  const filterBy = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };

  return (
    <PageFrame title="Interview Call History" description="Completed interviews whose evaluation succeeded, newest first.">
      <title>Interview Call History · Hirelane</title>
      {/* Table or cards follow the room the page has, not the window: the sidebar takes a share. */}
      <div className="@container">
        <div className="mt-6 flex flex-wrap items-end gap-4">
          <DateFilter label="From" value={from} onChange={filterBy(setFrom)} />
          <DateFilter label="To" value={to} onChange={filterBy(setTo)} />
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
          <CallSortSelect sort={sort} onChange={changeSort} className="@4xl:hidden" />
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
          {capped && (
            <p className="mt-4 text-sm text-slate-600" data-testid="history-capped">
              Showing the newest {HISTORY_LIMIT.toLocaleString('en-US')} calls. Choose dates to see older ones.
            </p>
          )}
          <div className="mt-4 hidden @4xl:block">
            <CallHistoryTable rows={shown} sort={sort} onSort={(key) => changeSort(nextCallSort(sort, key))} />
          </div>
          <div className="mt-4 @4xl:hidden">
            <CallHistoryCards rows={shown} />
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
      </div>
    </PageFrame>
  );
}

export { CallHistoryRoute as Component };
