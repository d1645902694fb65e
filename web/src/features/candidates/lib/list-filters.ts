/** The shareable state of a candidate list, kept in the URL (?page=&sort=&q=&recommendation=&stage=). */
import { isStage } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

export type ListSort = 'newest' | 'oldest' | 'score' | 'score_asc' | 'name';
export type RecommendationFilter = '' | 'Pass' | 'Fail';
/** A hiring stage, or '' for all. */
export type StageFilter = '' | Stage;

export type ListFilters = { page: number; sort: ListSort; q: string; recommendation: RecommendationFilter; stage: StageFilter };

const SORTS: ListSort[] = ['newest', 'oldest', 'score', 'score_asc', 'name'];

/** Reads the filters from the query string; anything unknown falls back to the defaults (page 1, newest first). */
export function readFilters(params: URLSearchParams): ListFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort') as ListSort | null;
  const recommendation = params.get('recommendation');
  const stage = params.get('stage');
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
    q: params.get('q') ?? '',
    recommendation: recommendation === 'Pass' || recommendation === 'Fail' ? recommendation : '',
    stage: isStage(stage) ? stage : '',
  };
}

/**
 * Applies a change. Changing the text, sort, recommendation or stage filter goes
 * back to page 1 (SPEC section 9); only a page change keeps the others.
 */
export function applyFilters(current: ListFilters, patch: Partial<ListFilters>): ListFilters {
  const next = { ...current, ...patch };
  const filterChanged =
    (patch.q !== undefined && patch.q !== current.q) ||
    (patch.sort !== undefined && patch.sort !== current.sort) ||
    (patch.recommendation !== undefined && patch.recommendation !== current.recommendation) ||
    (patch.stage !== undefined && patch.stage !== current.stage);
  if (filterChanged && patch.page === undefined) next.page = 1;
  return next;
}

/** Writes the filters back, leaving defaults out so the URL stays short. */
export function writeFilters(filters: ListFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string, fallback: string) => (value && value !== fallback ? params.set(key, value) : params.delete(key));
  set('page', String(filters.page), '1');
  set('sort', filters.sort, 'newest');
  set('q', filters.q, '');
  set('recommendation', filters.recommendation, '');
  set('stage', filters.stage, '');
  return params;
}

/** Clicking the score column header: high to low first, then low to high, then back to newest. */
export function nextScoreSort(sort: ListSort): ListSort {
  if (sort === 'score') return 'score_asc';
  if (sort === 'score_asc') return 'newest';
  return 'score';
}
