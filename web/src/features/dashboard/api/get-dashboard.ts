import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

/** The dashboard record of SPEC section 3 (PascalCase, as the server names it). */
export type DashboardRecord = ApiSchema<'DashboardRecord'>;

const FIELDS: ReadonlyArray<keyof DashboardRecord> = [
  'ResumesUploaded',
  'TotalInviteSent',
  'MeetingsScheduled',
  'TotalToday',
  'InterviewedToday',
  'RemainingToday',
  'YesterdayCount',
  'TomorrowCount',
  'BotJoined',
  'NeedsReviewCandidates',
  'PassCandidates',
];

/** Every count at zero: what the page shows before data, or after a failure (SPEC section 8). */
export const EMPTY_DASHBOARD: DashboardRecord = Object.fromEntries(FIELDS.map((field) => [field, 0])) as DashboardRecord;

/** A count as a whole number ≥ 0; anything else (missing, null, text) counts as 0. */
function toCount(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? Math.trunc(number) : 0;
}

/** Reads the first element of the answer (SPEC section 7); an empty or odd answer is all zeros. */
export function toDashboardRecord(answer: unknown): DashboardRecord {
  const first: unknown = Array.isArray(answer) ? answer[0] : null;
  if (typeof first !== 'object' || first === null) return EMPTY_DASHBOARD;
  const source = first as Record<string, unknown>;
  return Object.fromEntries(FIELDS.map((field) => [field, toCount(source[field])])) as DashboardRecord;
}

export async function getDashboard({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardRecord> {
  return toDashboardRecord(await data(api.GET('/Interview/Dashboard', { signal })));
}

export const dashboardKeys = { all: ['dashboard'] as const };

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard({ signal }),
    // Invites and interviews happen on other pages; every visit shows current counts.
    staleTime: 0,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
