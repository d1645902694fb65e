import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MyAssessment } from './types';

/** The reasons behind the automated assessment, the skills found and missed, the interview's questions covered. */
export function getMyAssessment({ token, signal }: { token: string; signal?: AbortSignal }): Promise<MyAssessment> {
  return data(api.GET('/Application/{token}/Assessment', { params: { path: { token } }, signal }));
}

export const myAssessmentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: applicationKeys.assessment(token),
    queryFn: ({ signal }) => getMyAssessment({ token, signal }),
    // The analysis and the interview finish while the page is open elsewhere: look again on return.
    refetchOnWindowFocus: true,
  });

export function useMyAssessment(token: string) {
  return useQuery(myAssessmentQueryOptions(token));
}
