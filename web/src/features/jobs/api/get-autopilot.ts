import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Autopilot } from './types';

/** A JD's autopilot: on or off, its assistant, whom it invites, the digest, and how many it invited. */
export function getAutopilot({ jdid, signal }: { jdid: string; signal?: AbortSignal }): Promise<Autopilot> {
  return data(api.GET('/Careers/Autopilot', { params: { query: { jdId: jdid } }, signal }));
}

export const autopilotQueryOptions = (jdid: string) =>
  queryOptions({ queryKey: jdKeys.autopilot(jdid), queryFn: ({ signal }) => getAutopilot({ jdid, signal }) });

export function useAutopilot(jdid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...autopilotQueryOptions(jdid), enabled });
}
