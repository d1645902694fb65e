import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { JdResume } from './types';

/** A JD card of the search page with its matching resumes. */
export type SearchResult = {
  jdid: string;
  jobDescId: number;
  jdname: string;
  keySkills: string;
  /** True when the JD itself matched (title or skills). */
  jdMatched: boolean;
  resumes: Array<Pick<JdResume, 'resumeId' | 'candidateName' | 'candidateEmail' | 'candidatePhone' | 'filePath' | 'callId'>>;
};

/**
 * Searches JDs (title, skills, description) and candidates (name, e-mail,
 * phone, resume text) on the server, with the database's full-text index:
 * stemmed words as prefixes, title and name hits first, phone numbers by
 * their digits however they were written.
 */
export async function searchAll(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchResult[]> {
  if (!q.trim()) return [];
  return api.get<SearchResult[]>('/Drive/SearchAll', { query: { q }, signal });
}

export const searchQueryOptions = (q: string) =>
  queryOptions({ queryKey: candidateKeys.search(q.trim()), queryFn: ({ signal }) => searchAll(q, { signal }), staleTime: 0, retry: false });

export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q.trim().length > 0 });
}
