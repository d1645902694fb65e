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

type Folder = { jdid: string; jobDescId: number; jdname: string; keySkills: string };

const digits = (value: string) => value.replace(/\D/g, '');

/** Whether a resume matches: name or e-mail contain the text, or the phone contains its digits. */
export function resumeMatches(resume: Pick<JdResume, 'candidateName' | 'candidateEmail' | 'candidatePhone'>, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return false;
  if (resume.candidateName.toLowerCase().includes(needle) || resume.candidateEmail.toLowerCase().includes(needle)) return true;
  const wanted = digits(needle);
  return wanted.length >= 3 && wanted.length === needle.replace(/[\s()+\-.]/g, '').length && digits(resume.candidatePhone).includes(wanted);
}

/**
 * Searches JDs (title, skills) and their resumes (name, e-mail, phone).
 * For now the spec's client behaviour: every folder, then each folder's
 * resumes, filtered here. When the server's `GET /Drive/SearchAll?q=` lands
 * (same result shape), this body becomes:
 *   return api.get<SearchResult[]>('/Drive/SearchAll', { query: { q }, signal });
 */
export async function searchAll(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchResult[]> {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  const folders = await api.get<Folder[]>('/Drive/JDFolders', { signal });
  const results = await Promise.all(
    folders.map(async (folder) => {
      const resumes = await api.get<JdResume[]>('/Drive/ViewJDResumes', { query: { JdID: folder.jdid }, signal });
      const jdMatched = folder.jdname.toLowerCase().includes(needle) || folder.keySkills.toLowerCase().includes(needle);
      const matching = resumes.filter((resume) => resumeMatches(resume, needle));
      return { ...folder, jdMatched, resumes: matching };
    }),
  );
  return results.filter((result) => result.jdMatched || result.resumes.length > 0);
}

export const searchQueryOptions = (q: string) =>
  queryOptions({ queryKey: candidateKeys.search(q.trim()), queryFn: ({ signal }) => searchAll(q, { signal }), staleTime: 0, retry: false });

export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q.trim().length > 0 });
}
