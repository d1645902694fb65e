/**
 * The server-side search over JDs and candidates (`GET /Drive/SearchAll?q=`), shared by the
 * Search JDs & Resumes page and the top bar's search: the database's full-text index matches
 * JDs by title, skills and description and candidates by name, e-mail, phone and resume text
 * (stemmed words as prefixes, title and name hits first, phone numbers by their digits).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

/** A JD card with its matching resumes; `jdMatched` is false when only its candidates matched. */
export type SearchResult = ApiSchema<'SearchResult'>;

/** Under the candidate lists' root key, so a resume uploaded or deleted refreshes the results. */
export const searchAllQueryKey = (q: string) => ['candidates', 'search', q] as const;

export async function searchAll(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchResult[]> {
  if (!q.trim()) return [];
  return data(api.GET('/Drive/SearchAll', { params: { query: { q } }, signal }));
}

export const searchAllQueryOptions = (q: string) =>
  queryOptions({ queryKey: searchAllQueryKey(q.trim()), queryFn: ({ signal }) => searchAll(q, { signal }), staleTime: 0, retry: false });

/** Asks only for a query with words in it; a blank one does nothing. */
export function useSearchAll(q: string) {
  return useQuery({ ...searchAllQueryOptions(q), enabled: q.trim().length > 0 });
}
