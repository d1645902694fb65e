import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { ListSort } from '../lib/list-filters';
import { formatLocalDateTime } from '../lib/format';
import { AnalysisStateBadge, InterviewStatusBadge, RecommendationBadge } from './badges';

/** One row of either candidate list, in the shape the table shows. */
export type CandidateRow = {
  resumeId: number;
  callId: string | null;
  name: string;
  email: string;
  phone: string;
  jdname?: string;
  score: number | null;
  skillsMatch?: number | null;
  recommendation: string | null;
  interviewStatus: string | null;
  createdOn: string;
  analysisStatus: string;
  analysisError?: string | null;
};

export type CandidateTableProps = {
  rows: CandidateRow[];
  showJob?: boolean;
  sort: ListSort;
  onSortScore: () => void;
  /** Row navigation state (the JD list passes its JD along). */
  linkState?: unknown;
};

const analysisHref = (row: CandidateRow) => paths.candidateAnalysis(String(row.resumeId), row.callId || '0');

function Score({ row }: { row: CandidateRow }) {
  if (row.analysisStatus !== 'done' || row.score === null) return <span className="text-slate-400">—</span>;
  return <span className="font-semibold tabular-nums text-slate-900">{row.score}%</span>;
}

/**
 * The candidates table from 640 px up, cards below it (SPEC section 9's
 * mobile breakpoint). Each candidate links to its analysis page.
 */
export function CandidateTable({ rows, showJob = false, sort, onSortScore, linkState }: CandidateTableProps) {
  const sortState = sort === 'score' ? 'descending' : sort === 'score_asc' ? 'ascending' : 'none';
  const arrow = sort === 'score' ? '↓' : sort === 'score_asc' ? '↑' : '↕';
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">Candidate</th>
              {showJob && <th scope="col" className="px-4 py-3">Job</th>}
              <th scope="col" className="px-4 py-3" aria-sort={sortState}>
                <button type="button" onClick={onSortScore} className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
                  ATS Score <span aria-hidden="true">{arrow}</span>
                </button>
              </th>
              <th scope="col" className="px-4 py-3">Recommendation</th>
              <th scope="col" className="px-4 py-3">Interview</th>
              <th scope="col" className="px-4 py-3">Analysis</th>
              <th scope="col" className="px-4 py-3">Uploaded</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.resumeId} data-testid="candidate-row" className="hover:bg-slate-50">
                <td className="px-4 py-3">
                  <Link to={analysisHref(row)} state={linkState} className="font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                    {row.name || row.email || 'Unnamed candidate'}
                  </Link>
                  <div className="text-xs text-slate-600">{row.email}</div>
                  <div className="text-xs text-slate-600">{row.phone}</div>
                </td>
                {showJob && <td className="px-4 py-3 text-slate-700">{row.jdname}</td>}
                <td className="px-4 py-3">
                  <Score row={row} />
                </td>
                <td className="px-4 py-3">
                  <RecommendationBadge value={row.recommendation} />
                </td>
                <td className="px-4 py-3">
                  <InterviewStatusBadge value={row.interviewStatus} />
                </td>
                <td className="px-4 py-3">
                  <AnalysisStateBadge status={row.analysisStatus} error={row.analysisError} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatLocalDateTime(row.createdOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="sm:hidden">
        <button type="button" onClick={onSortScore} className="mb-2 text-sm font-semibold text-brand-700" aria-label={`Sort by ATS score (${sortState})`}>
          ATS Score {arrow}
        </button>
        <ul aria-label="Candidates" className="space-y-3">
          {rows.map((row) => (
            <li key={row.resumeId} data-testid="candidate-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Link to={analysisHref(row)} state={linkState} className="break-words font-semibold text-brand-700 hover:underline">
                    {row.name || row.email || 'Unnamed candidate'}
                  </Link>
                  <p className="break-all text-xs text-slate-600">{row.email}</p>
                  <p className="text-xs text-slate-600">{row.phone}</p>
                  {showJob && <p className="mt-1 text-xs text-slate-700">{row.jdname}</p>}
                </div>
                <Score row={row} />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <RecommendationBadge value={row.recommendation} hideEmpty />
                <InterviewStatusBadge value={row.interviewStatus} hideEmpty />
                <AnalysisStateBadge status={row.analysisStatus} error={row.analysisError} />
              </div>
              <p className="mt-2 text-xs text-slate-500">{formatLocalDateTime(row.createdOn)}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
