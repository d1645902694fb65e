import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, apiUrl, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MyApplication } from './types';

/** The application behind the secret link (404 `not_found` for a link that is not valid). */
export function getMyApplication({ token, signal }: { token: string; signal?: AbortSignal }): Promise<MyApplication> {
  return data(api.GET('/Application/{token}', { params: { path: { token } }, signal }));
}

export const myApplicationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: applicationKeys.page(token),
    queryFn: ({ signal }) => getMyApplication({ token, signal }),
    // The team moves the application on elsewhere: look again when the candidate comes back.
    refetchOnWindowFocus: true,
  });

export function useMyApplication(token: string) {
  return useQuery(myApplicationQueryOptions(token));
}

/** The ZIP of everything held about the candidate (data.json and their resumes), as a plain link. */
export function myDataHref(token: string): string {
  return apiUrl('get', '/Application/{token}/Data', { path: { token } });
}
