/**
 * The rows of the call history: a table where it fits, cards in a narrow container (a phone, or a
 * tablet beside the sidebar). Both come from one list of columns, and in both the whole row is
 * one real link to the call's analysis (keyboard, middle-click and "open in new tab" work).
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';

import { inputClass } from '@/components/ui/field';
import { Icon } from '@/components/ui/icons';
import type { IconProps } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/date-time';

import type { Call } from '../api/types';
import { callScore, formatDuration, percent } from '../lib/voice-rules';
import type { CallSort, CallSortKey, ScoreKey } from '../lib/voice-rules';
import { CallOutcome } from './call-outcome';
import { CopyId } from './copy-id';

export type CallRow = { call: Call; assistant: string };

type Column = {
  id: string;
  label: string;
  /** Present on sortable columns: the key, and the words for ascending and descending. */
  sort?: { key: CallSortKey; words: [asc: string, desc: string] };
  cell: (row: CallRow) => ReactNode;
  /** Classes of the table's cells in this column. */
  className?: string;
};

const HIGHEST: [string, string] = ['lowest first', 'highest first'];

function scoreColumn(id: ScoreKey, label: string): Column {
  return { id, label, sort: { key: id, words: HIGHEST }, cell: ({ call }) => percent(callScore(call, id)), className: 'tabular-nums' };
}

const CANDIDATE: Column = {
  id: 'candidate',
  label: 'Candidate',
  sort: { key: 'candidate', words: ['A–Z', 'Z–A'] },
  // Who was interviewed, by which assistant, and the call's id: one column, so the table fits.
  cell: ({ call, assistant }) => (
    <div className="space-y-0.5">
      <CallLink call={call} />
      <p className="text-sm text-slate-600">
        <span className="sr-only">Assistant: </span>
        {assistant}
      </p>
      <CopyId id={call.id} />
    </div>
  ),
};

const OUTCOME: Column = { id: 'outcome', label: 'Outcome', cell: ({ call }) => <CallOutcome call={call} /> };

const COLUMNS: Column[] = [
  CANDIDATE,
  {
    id: 'ended',
    label: 'Ended',
    sort: { key: 'ended', words: ['oldest first', 'newest first'] },
    // formatDateTime's two halves, each kept on one line.
    cell: ({ call }) =>
      call.endedAt ? (
        <time dateTime={call.endedAt}>
          <span className="whitespace-nowrap">{formatDate(call.endedAt)},</span>{' '}
          <span className="whitespace-nowrap">{formatTime(call.endedAt, { withZone: true })}</span>
        </time>
      ) : (
        '-'
      ),
  },
  {
    id: 'duration',
    label: 'Duration',
    sort: { key: 'duration', words: ['shortest first', 'longest first'] },
    cell: ({ call }) => formatDuration(call),
    className: 'whitespace-nowrap',
  },
  OUTCOME,
  scoreColumn('technical', 'Technical'),
  scoreColumn('communication', 'Communication'),
  scoreColumn('problemSolving', 'Problem Solving'),
];

/**
 * The candidate's name as the link to the analysis; its `after` box stretches over the row. The
 * name it is read by starts with what it shows (WCAG 2.5.3) and says where it goes.
 */
function CallLink({ call }: { call: Call }) {
  const location = useLocation();
  const name = call.metadata.candidateName?.trim() || 'Unknown candidate';
  return (
    <Link
      to={paths.interviewAnalysis(call.id)}
      state={{ from: location.pathname }}
      aria-label={`${name} – View Analysis`}
      className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700 hover:underline focus-visible:outline-none"
    >
      {name}
    </Link>
  );
}

// A visible ring on the row (or card) while its link has the keyboard focus.
const focusRing = 'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-brand-600';

/** Up for ascending, down for descending, both ways on a column not sorted by. */
const SortArrow = ({ sortState, ...props }: IconProps & { sortState: CallSort['direction'] | null }) => (
  <Icon width={14} height={14} {...props}>
    {sortState === 'asc' ? (
      <path d="m7 14 5-5 5 5" />
    ) : sortState === 'desc' ? (
      <path d="m7 10 5 5 5-5" />
    ) : (
      <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />
    )}
  </Icon>
);

export type CallHistoryListProps = {
  rows: CallRow[];
  sort: CallSort;
  onSort: (key: CallSortKey) => void;
};

/** A table whose sortable headers are buttons (`aria-sort` on the sorted one). */
export function CallHistoryTable({ rows, sort, onSort }: CallHistoryListProps) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200" data-testid="call-history-table">
      <table className="w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
          <tr>
            {COLUMNS.map(({ id, label, sort: columnSort }) => {
              const sorted = columnSort?.key === sort.key;
              return (
                <th
                  key={id}
                  scope="col"
                  className="px-2.5 py-3 align-bottom"
                  aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {columnSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(columnSort.key)}
                      className="-mx-1 inline-flex items-end gap-1 rounded px-1 text-left hover:text-slate-900"
                    >
                      {label}
                      <SortArrow sortState={sorted ? sort.direction : null} className={sorted ? 'shrink-0' : 'shrink-0 text-slate-400'} />
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.call.id} data-testid="call-row" className={`relative align-top hover:bg-slate-50 ${focusRing}`}>
              {COLUMNS.map((column) => (
                <td key={column.id} className={`px-2.5 py-3 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a card lists below its top line (the candidate and the outcome). */
const CARD_DETAILS = COLUMNS.filter((column) => column !== CANDIDATE && column !== OUTCOME);

/** One card a call: who and how it went on top, the other columns as a list below. */
export function CallHistoryCards({ rows }: { rows: CallRow[] }) {
  return (
    <ul className="space-y-3" data-testid="call-history-cards">
      {rows.map((row) => (
        <li
          key={row.call.id}
          data-testid="call-card"
          className={`relative rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300 ${focusRing}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 break-words">{CANDIDATE.cell(row)}</div>
            {OUTCOME.cell(row)}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {CARD_DETAILS.map((column) => (
              <div key={column.id} className="min-w-0">
                <dt className="text-xs text-slate-500">{column.label}</dt>
                <dd className="text-slate-900">{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

const SORTABLE = COLUMNS.flatMap(({ label, sort }) => (sort ? [{ label, ...sort }] : []));

/** The cards' sort: one choice a column and direction, the same orders the table's headers give. */
export function CallSortSelect({ sort, onChange, className }: { sort: CallSort; onChange: (sort: CallSort) => void; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        value={`${sort.key}:${sort.direction}`}
        onChange={(e) => {
          const [key, direction] = e.target.value.split(':') as [CallSortKey, CallSort['direction']];
          onChange({ key, direction });
        }}
        className={inputClass()}
      >
        {SORTABLE.flatMap(({ key, label, words }) =>
          (['asc', 'desc'] as const).map((direction, i) => (
            <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {label}: {words[i]}
            </option>
          )),
        )}
      </select>
    </div>
  );
}
