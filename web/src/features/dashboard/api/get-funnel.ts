import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

/** A JD's hiring funnel: candidates who reached each stage New → Hired, plus rejected and withdrawn. */
export type Funnel = ApiSchema<'Funnel'>;

export type FunnelStep = ApiSchema<'FunnelStep'>;

const isFunnel = (value: unknown): value is Funnel =>
  typeof value === 'object' && value !== null && Array.isArray((value as { steps?: unknown }).steps);

/** Every JD's funnel, newest JD first (JDs without candidates are left out by the server). */
export async function getFunnels({ signal }: { signal?: AbortSignal } = {}): Promise<Funnel[]> {
  const answer = await data(api.GET('/Pipeline/Funnel', { signal }));
  return Array.isArray(answer) ? answer.filter(isFunnel) : [];
}

export const funnelKeys = { all: ['dashboard', 'funnel'] as const };

export const funnelsQueryOptions = () =>
  queryOptions({
    queryKey: funnelKeys.all,
    queryFn: ({ signal }) => getFunnels({ signal }),
    // Candidates move on other pages; every visit shows the current funnel.
    staleTime: 0,
  });

export function useFunnels() {
  return useQuery(funnelsQueryOptions());
}
