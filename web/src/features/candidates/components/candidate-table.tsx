import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/date-time';
import type { Source } from '@/lib/sources';
import { endsCandidacy, stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

import type { InviteStatus } from '../api/types';
import type { RowSelection } from '../hooks/use-row-selection';
import { columnSort, nextSort } from '../lib/list-filters';
import type { ListSort, SortColumn } from '../lib/list-filters';
import type { SelectedCandidate } from '../lib/invites';
import {
  ATS_RECOMMENDATION,
  AnalysisStateBadge,
  InterviewStatusBadge,
  InviteStatusBadge,
  RecommendationBadge,
  SourceBadge,
} from './badges';
import { CHECK_NAME_BELOW, NameCheck, OcrBadge } from './reading-notes';

/** One row of either candidate list, in the shape the table shows. */
export type CandidateRow = {
  resumeId: number;
  /** The JD the candidate belongs to (invites are sent per JD). */
  jobDescId: number | string;
  callId: string | null;
  name: string;
  email: string;
  phone: string;
  jdname?: string;
  score: number | null;
  skillsMatch?: number | null;
  recommendation: string | null;
  interviewStatus: string | null;
  inviteStatus: InviteStatus | null;
  /** UTC without a zone suffix. */
  interviewDateTime: string | null;
  createdOn: string;
  analysisStatus: string;
  analysisError?: string | null;
  /** How likely the name read from the resume is right (0-1), and whether its text came from a scan. */
  nameConfidence?: number | null;
  ocr?: boolean;
  /** The hiring stage (null from a server that does not send it), and why a candidacy ended. */
  stage: Stage | null;
  stageReason?: string | null;
  /** How they entered the JD (applied on the job page, uploaded, CSV); null from a server that does not send it. */
  source?: Source | null;
};

export type CandidateTableProps = {
  rows: CandidateRow[];
  showJob?: boolean;
  sort: ListSort;
  /** A column header asks for another order. */
  onSort: (sort: ListSort) => void;
  /** Row navigation state (the JD list passes its JD along). */
  linkState?: unknown;
  /** Checkboxes per row and for the page; the selection outlives the page. */
  selection?: RowSelection;
};

const analysisHref = (row: CandidateRow) => paths.candidateAnalysis(String(row.resumeId), row.callId || '0');
const displayName = (row: CandidateRow) => row.name || row.email || 'Unnamed candidate';
const toSelected = (row: CandidateRow): SelectedCandidate => ({
  resumeId: row.resumeId,
  jobDescId: row.jobDescId,
  jdname: row.jdname ?? '',
  name: displayName(row),
  stage: row.stage,
  recommendation: row.recommendation,
});

function Score({ row }: { row: CandidateRow }) {
  if (row.analysisStatus !== 'done' || row.score === null) return <span className="text-slate-400">—</span>;
  return <span className="font-semibold tabular-nums text-slate-900">{row.score}%</span>;
}

/** The table's score cell: the score once analysed, else where the analysis stands (its reason a tooltip). */
function ScoreOrState({ row }: { row: CandidateRow }) {
  if (row.analysisStatus === 'done') return <Score row={row} />;
  return <AnalysisStateBadge status={row.analysisStatus} error={row.analysisError} compact />;
}

/** The invite state and the interview outcome, stacked in one cell to keep the table narrow. */
/**
 * The invite state and the interview outcome: stacked on a card; in a table's one-line row the
 * outcome once there is one (the invite's state, then Completed, stays for screen readers).
 */
function Interview({ row, hideEmpty = false, compact = false }: { row: CandidateRow; hideEmpty?: boolean; compact?: boolean }) {
  if (!row.inviteStatus && !row.interviewStatus) return hideEmpty ? null : <span className="text-xs text-slate-400">—</span>;
  const outcomeOnly = compact && Boolean(row.interviewStatus);
  return (
    <span className={cn('inline-flex items-start gap-1', compact ? 'whitespace-nowrap' : 'flex-col')}>
      <span className={outcomeOnly ? 'sr-only' : 'contents'}>
        <InviteStatusBadge status={row.inviteStatus} interviewDateTime={row.interviewDateTime} compact={compact} />
      </span>
      <InterviewStatusBadge value={row.interviewStatus} hideEmpty />
    </span>
  );
}

/** The hiring stage; an ended candidacy's reason is its tooltip. */
function StageCell({ row, hideEmpty = false }: { row: CandidateRow; hideEmpty?: boolean }) {
  if (!row.stage) return hideEmpty ? null : <span className="text-xs text-slate-400">—</span>;
  const ended = endsCandidacy(row.stage);
  return (
    <span
      data-testid="stage"
      title={ended && row.stageReason ? row.stageReason : undefined}
      className={
        ended
          ? 'inline-flex items-center whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-inset ring-slate-300'
          : 'inline-flex items-center whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200'
      }
    >
      {stageLabel(row.stage)}
    </span>
  );
}

function RowCheckbox({ row, selection }: { row: CandidateRow; selection: RowSelection }) {
  return (
    <input
      type="checkbox"
      data-testid="row-select"
      aria-label={`Select ${displayName(row)}`}
      checked={selection.isSelected(row.resumeId)}
      onChange={(event) => selection.toggle(toSelected(row), event.target.checked)}
      className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600"
    />
  );
}

/** Selects or clears every row of the page; mixed when only some are selected. */
function PageCheckbox({ rows, selection }: { rows: CandidateRow[]; selection: RowSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const selectedOnPage = rows.filter((row) => selection.isSelected(row.resumeId)).length;
  const all = rows.length > 0 && selectedOnPage === rows.length;
  const some = selectedOnPage > 0 && !all;
  useEffect(() => {
    // `indeterminate` exists only as a DOM property.
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      data-testid="select-page"
      aria-label="Select all candidates on this page"
      checked={all}
      onChange={() => selection.setMany(rows.map(toSelected), !all)}
      className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600"
    />
  );
}

/** A column header that sorts the list on the server, its order told to assistive technology. */
function SortableHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: SortColumn;
  label: string;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  className?: string;
}) {
  const state = columnSort(column, sort);
  const arrow = state === 'descending' ? '↓' : state === 'ascending' ? '↑' : '↕';
  return (
    <th scope="col" className={cn('px-2.5 py-2', className)} aria-sort={state}>
      <button
        type="button"
        onClick={() => onSort(nextSort(column, sort))}
        className="inline-flex items-center gap-1 whitespace-nowrap uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {label} <span aria-hidden="true">{arrow}</span>
      </button>
    </th>
  );
}

/**
 * The candidates table from 640 px up, cards below it (SPEC section 9's mobile breakpoint). Each
 * candidate links to its analysis page. One line a candidate (the e-mail under the name from
 * 1536 px up), a long name or job cut short with the whole of it as its tooltip: at 1280 × 800,
 * ten candidates and more fit on the screen next to the sidebar, every column in view. The
 * upload date has its column where the width allows (the name's tooltip has it too).
 */
export function CandidateTable({ rows, showJob = false, sort, onSort, linkState, selection }: CandidateTableProps) {
  const uploadedClass = showJob ? 'hidden 2xl:table-cell' : 'hidden xl:table-cell';
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {selection && (
                <th scope="col" className="w-10 py-2 pl-4 pr-1">
                  <PageCheckbox rows={rows} selection={selection} />
                </th>
              )}
              <SortableHeader column="name" label="Candidate" sort={sort} onSort={onSort} />
              {showJob && (
                <th scope="col" className="px-2.5 py-2">
                  Job
                </th>
              )}
              <SortableHeader column="score" label="ATS Score" sort={sort} onSort={onSort} />
              <th scope="col" className="px-2.5 py-2">
                {ATS_RECOMMENDATION}
              </th>
              <th scope="col" className="px-2.5 py-2">
                Interview
              </th>
              <th scope="col" className="px-2.5 py-2">
                Stage
              </th>
              <SortableHeader column="uploaded" label="Uploaded" sort={sort} onSort={onSort} className={uploadedClass} />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={row.resumeId}
                data-testid="candidate-row"
                data-selected={selection?.isSelected(row.resumeId) || undefined}
                className="whitespace-nowrap hover:bg-slate-50 data-selected:bg-brand-50/60"
              >
                {selection && (
                  <td className="py-1.5 pl-4 pr-1">
                    <RowCheckbox row={row} selection={selection} />
                  </td>
                )}
                <td className="px-2.5 py-1.5">
                  <div className="flex max-w-[13rem] items-center gap-1.5 2xl:max-w-[17rem]">
                    <Link
                      to={analysisHref(row)}
                      state={linkState}
                      title={[displayName(row), row.email, row.phone, `Uploaded ${formatDateTime(row.createdOn)}`]
                        .filter(Boolean)
                        .join(' · ')}
                      className="min-w-0 truncate font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {displayName(row)}
                    </Link>
                    <RowNotes row={row} />
                  </div>
                  {/* Under the name from 1536 px up; narrower, the name's tooltip and screen readers have it. */}
                  <div className="sr-only max-w-[17rem] truncate text-xs text-slate-600 2xl:not-sr-only">
                    {[row.email, row.phone].filter(Boolean).join(' · ')}
                  </div>
                </td>
                {showJob && (
                  <td className="px-2.5 py-1.5 text-slate-700">
                    <span data-testid="row-job" className="block max-w-[9rem] truncate" title={row.jdname}>
                      {row.jdname}
                    </span>
                  </td>
                )}
                <td className="px-2.5 py-1.5">
                  <ScoreOrState row={row} />
                </td>
                <td className="px-2.5 py-1.5">
                  <RecommendationBadge value={row.recommendation} />
                </td>
                <td className="px-2.5 py-1.5">
                  <Interview row={row} compact />
                </td>
                <td className="px-2.5 py-1.5">
                  <StageCell row={row} />
                </td>
                <td className={cn('px-2.5 py-1.5 text-slate-600', uploadedClass)}>
                  <time dateTime={row.createdOn} title={formatDateTime(row.createdOn)}>
                    {formatDate(row.createdOn)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* On a phone the toolbar's Sort by orders the cards. */}
      <div className="sm:hidden">
        {selection && (
          <label className="mb-2 inline-flex items-center gap-2 text-sm font-medium text-slate-700">
            <PageCheckbox rows={rows} selection={selection} />
            Select page
          </label>
        )}
        <ul aria-label="Candidates" className="space-y-3">
          {rows.map((row) => (
            <li key={row.resumeId} data-testid="candidate-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 items-start gap-3">
                  {selection && (
                    <span className="pt-0.5">
                      <RowCheckbox row={row} selection={selection} />
                    </span>
                  )}
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-1">
                      <Link to={analysisHref(row)} state={linkState} className="break-words font-semibold text-brand-700 hover:underline">
                        {displayName(row)}
                      </Link>
                      <RowNotes row={row} />
                    </div>
                    <p className="break-all text-xs text-slate-600">{row.email}</p>
                    <p className="text-xs text-slate-600">{row.phone}</p>
                    {showJob && (
                      <p className="mt-1 truncate text-xs text-slate-700" title={row.jdname}>
                        {row.jdname}
                      </p>
                    )}
                  </div>
                </div>
                <Score row={row} />
              </div>
              <div className="mt-3 flex flex-wrap items-start gap-2">
                <RecommendationBadge value={row.recommendation} hideEmpty />
                <Interview row={row} hideEmpty />
                <StageCell row={row} hideEmpty />
                <AnalysisStateBadge status={row.analysisStatus} error={row.analysisError} />
              </div>
              <p className="mt-2 text-xs text-slate-500">{formatDateTime(row.createdOn)}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * Notes under the name: how the candidate came in (applied, uploaded, CSV), and how the resume
 * was read where it matters (a name to check, text read from a scan). In the name's cell rather
 * than columns of their own, so the table keeps its width.
 */
function RowNotes({ row }: { row: CandidateRow }) {
  const readingNotes = row.ocr || (row.nameConfidence != null && row.nameConfidence < CHECK_NAME_BELOW);
  if (!row.source && !readingNotes) return null;
  return (
    <span className="inline-flex shrink-0 gap-1">
      <SourceBadge source={row.source} />
      <NameCheck confidence={row.nameConfidence} />
      <OcrBadge ocr={row.ocr} />
    </span>
  );
}
