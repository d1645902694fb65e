import type { ApiParams } from '@/lib/api/types';

import type { ListQuery } from './types';

/** The query string of one page of either candidate list, blank filters left out. */
export function listParams({
  page,
  pageSize,
  sort,
  q,
  recommendation,
  interviewStatus,
  stage,
  source,
  reached,
  finished,
  fact,
  addedFrom,
  addedTo,
  scorecardBy,
  decidedBy,
  actedFrom,
  actedTo,
}: ListQuery): Omit<ApiParams<'/Drive/ViewJDResumes', 'get'>['query'], 'jdId'> {
  return {
    page,
    pageSize,
    sort,
    q: q.trim() || undefined,
    recommendation: recommendation || undefined,
    interviewStatus: interviewStatus || undefined,
    stage: stage || undefined,
    source: source || undefined,
    reached: reached || undefined,
    finished: finished === '' ? undefined : finished === 'true',
    fact: fact || undefined,
    addedFrom: addedFrom || undefined,
    addedTo: addedTo || undefined,
    scorecardBy: scorecardBy ? Number(scorecardBy) : undefined,
    decidedBy: decidedBy ? Number(decidedBy) : undefined,
    actedFrom: actedFrom || undefined,
    actedTo: actedTo || undefined,
  };
}
