/**
 * The shareable state of a candidate list, kept in the URL
 * (?page=&pageSize=&sort=&q=&job=&recommendation=&interviewStatus=&stage=&source=), and the
 * filters a report's numbers link with (&reached=&finished=&fact=&addedFrom=&addedTo=, and a
 * recruiter's activity: &scorecardBy=&decidedBy=&actedFrom=&actedTo=).
 */
import type { ApiSchema } from '@/lib/api/types';
import { CANDIDATES_PAGE_SIZE } from '@/config/constants';
import { isSource } from '@/lib/sources';
import type { Source } from '@/lib/sources';
import { isStage, stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

export type ListSort = 'newest' | 'oldest' | 'score' | 'score_asc' | 'name';
export type RecommendationFilter = '' | 'Pass' | 'Fail';
/** An AI interview outcome as the server names it, or '' for all. */
export type InterviewStatusFilter = '' | ApiSchema<'InterviewStatus'>;
/** A hiring stage, or '' for all. */
export type StageFilter = '' | Stage;
/** How candidates entered the JD (applied, uploaded, CSV), or '' for all. */
export type SourceFilter = '' | Source;

/** Whether the candidate's process is finished (hired, rejected, withdrawn): 'true', 'false' or '' for all. */
export type FinishedFilter = '' | 'true' | 'false';
/** An interview fact as the dashboard and the reports count it, or '' for all. */
export type FactFilter = '' | 'inviteSent' | 'slotBooked' | 'interviewDone' | 'interviewDue' | 'noShow';

export const FACTS: ReadonlyArray<{ value: Exclude<FactFilter, ''>; label: string }> = [
  { value: 'inviteSent', label: 'Invite sent' },
  { value: 'slotBooked', label: 'Slot booked' },
  { value: 'interviewDone', label: 'AI interview completed' },
  { value: 'interviewDue', label: 'Booked AI interview whose time has passed' },
  { value: 'noShow', label: 'No-show at the AI interview' },
];

export type ListFilters = {
  page: number;
  pageSize: number;
  sort: ListSort;
  q: string;
  /** A JD's folder id (the list of every JD only), or '' for all. */
  job: string;
  recommendation: RecommendationFilter;
  interviewStatus: InterviewStatusFilter;
  stage: StageFilter;
  source: SourceFilter;
  /** Candidates who reached this stage (were in it or a later one), as the reports count. */
  reached: StageFilter;
  finished: FinishedFilter;
  fact: FactFilter;
  /** Added on or after / on or before these days (YYYY-MM-DD), or ''. */
  addedFrom: string;
  addedTo: string;
  /** A recruiter's id: candidates they wrote a scorecard on / moved between stages, or ''. */
  scorecardBy: string;
  decidedBy: string;
  /** With either: what they did on or after / on or before these days (YYYY-MM-DD), or ''. */
  actedFrom: string;
  actedTo: string;
};

/** The orders the server sorts by, as the Sort choice names them. */
export const SORTS: ReadonlyArray<{ value: ListSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'score', label: 'ATS score, high to low' },
  { value: 'score_asc', label: 'ATS score, low to high' },
  { value: 'name', label: 'Name, A to Z' },
];

/** Rows per page the recruiter can choose (the server allows up to 100). */
export const PAGE_SIZES: ReadonlyArray<number> = [CANDIDATES_PAGE_SIZE, 20, 50, 100];

export const INTERVIEW_STATUSES: ReadonlyArray<Exclude<InterviewStatusFilter, ''>> = ['Pass', 'Fail', 'Needs Review'];

export const DEFAULT_FILTERS: ListFilters = {
  page: 1,
  pageSize: CANDIDATES_PAGE_SIZE,
  sort: 'newest',
  q: '',
  job: '',
  recommendation: '',
  interviewStatus: '',
  stage: '',
  source: '',
  reached: '',
  finished: '',
  fact: '',
  addedFrom: '',
  addedTo: '',
  scorecardBy: '',
  decidedBy: '',
  actedFrom: '',
  actedTo: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null): string => (value !== null && DAY.test(value) ? value : '');
const ID = /^[1-9]\d{0,15}$/;
const id = (value: string | null): string => (value !== null && ID.test(value) ? value : '');

const oneOf = <T extends string>(values: ReadonlyArray<T>, value: string | null): value is T =>
  value !== null && (values as ReadonlyArray<string>).includes(value);

/** Reads the filters from the query string; anything unknown falls back to the defaults (page 1, 10 rows, newest first). */
export function readFilters(params: URLSearchParams): ListFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const pageSize = Number.parseInt(params.get('pageSize') ?? '', 10);
  const sort = params.get('sort');
  const recommendation = params.get('recommendation');
  const interviewStatus = params.get('interviewStatus');
  const stage = params.get('stage');
  const source = params.get('source');
  const reached = params.get('reached');
  const finished = params.get('finished');
  const fact = params.get('fact');
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : CANDIDATES_PAGE_SIZE,
    sort: oneOf(
      SORTS.map((option) => option.value),
      sort,
    )
      ? sort
      : 'newest',
    q: params.get('q') ?? '',
    job: params.get('job')?.trim() ?? '',
    recommendation: recommendation === 'Pass' || recommendation === 'Fail' ? recommendation : '',
    interviewStatus: oneOf(INTERVIEW_STATUSES, interviewStatus) ? interviewStatus : '',
    stage: isStage(stage) ? stage : '',
    source: isSource(source) ? source : '',
    reached: isStage(reached) ? reached : '',
    finished: finished === 'true' || finished === 'false' ? finished : '',
    fact: oneOf(
      FACTS.map((option) => option.value),
      fact,
    )
      ? fact
      : '',
    addedFrom: day(params.get('addedFrom')),
    addedTo: day(params.get('addedTo')),
    scorecardBy: id(params.get('scorecardBy')),
    decidedBy: id(params.get('decidedBy')),
    actedFrom: day(params.get('actedFrom')),
    actedTo: day(params.get('actedTo')),
  };
}

/** Whether any filter narrows the list (the order and the page size do not). */
export function isFiltered(filters: ListFilters): boolean {
  const { q, job, recommendation, interviewStatus, stage, source } = filters;
  return Boolean(q.trim() || job || recommendation || interviewStatus || stage || source || hasReportFilter(filters));
}

/** Whether a report's link narrows the list (filters the list's own controls do not show). */
export function hasReportFilter(filters: ListFilters): boolean {
  const { reached, finished, fact, addedFrom, addedTo, scorecardBy, decidedBy } = filters;
  return Boolean(reached || finished || fact || addedFrom || addedTo || scorecardBy || decidedBy);
}

/** "2026-02-01 to 2026-02-28", "from 2026-02-01", "until 2026-02-28", or '' without either day. */
function days(from: string, to: string): string {
  if (from && to) return `${from} to ${to}`;
  if (from) return `from ${from}`;
  return to ? `until ${to}` : '';
}

/** The report filters in words ("Reached Invited · Finished · Added 2026-02-01 to 2026-02-28"), or '' without any. */
export function reportFilterSummary(filters: ListFilters): string {
  const { reached, finished, fact, addedFrom, addedTo, scorecardBy, decidedBy, actedFrom, actedTo } = filters;
  const added = days(addedFrom, addedTo);
  const acted = scorecardBy || decidedBy ? days(actedFrom, actedTo) : '';
  const parts = [
    reached ? `Reached ${stageLabel(reached)}` : '',
    finished === 'true' ? 'Finished (hired, rejected or withdrawn)' : finished === 'false' ? 'Still in process' : '',
    FACTS.find((option) => option.value === fact)?.label ?? '',
    added ? `Added ${added}` : '',
    scorecardBy ? `Scorecard by recruiter #${scorecardBy}` : '',
    decidedBy ? `Moved between stages by recruiter #${decidedBy}` : '',
    acted ? `Acted ${acted}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * Applies a change. Changing anything but the page goes back to page 1 (SPEC
 * section 9); only a page change keeps the others.
 */
export function applyFilters(current: ListFilters, patch: Partial<ListFilters>): ListFilters {
  const next = { ...current, ...patch };
  const changed = (Object.keys(patch) as Array<keyof ListFilters>).some((key) => key !== 'page' && patch[key] !== current[key]);
  if (changed && patch.page === undefined) next.page = 1;
  return next;
}

/** Writes the filters back, leaving defaults out so the URL stays short. */
export function writeFilters(filters: ListFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of Object.keys(DEFAULT_FILTERS) as Array<keyof ListFilters>) {
    const value = String(filters[key]);
    if (value && value !== String(DEFAULT_FILTERS[key])) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** A sortable column of the candidate tables. */
export type SortColumn = 'name' | 'score' | 'uploaded';

/**
 * The order a click on a column header asks for: the score high to low, then
 * low to high; the name A to Z; the upload date oldest first (newest is the
 * default); a further click goes back to newest first.
 */
export function nextSort(column: SortColumn, sort: ListSort): ListSort {
  switch (column) {
    case 'score':
      return sort === 'score' ? 'score_asc' : sort === 'score_asc' ? 'newest' : 'score';
    case 'name':
      return sort === 'name' ? 'newest' : 'name';
    case 'uploaded':
      return sort === 'newest' ? 'oldest' : 'newest';
  }
}

/** The `aria-sort` of a column header under `sort`. */
export function columnSort(column: SortColumn, sort: ListSort): 'ascending' | 'descending' | 'none' {
  if (column === 'score') return sort === 'score' ? 'descending' : sort === 'score_asc' ? 'ascending' : 'none';
  if (column === 'name') return sort === 'name' ? 'ascending' : 'none';
  return sort === 'newest' ? 'descending' : sort === 'oldest' ? 'ascending' : 'none';
}
