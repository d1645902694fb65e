import { paths } from '@/config/paths';
import type { Assistant } from '@/lib/queries/assistants';
import type { SearchResult } from '@/lib/queries/search-all';

/** One row of the search: where Enter or a click goes, with what to show. */
export type SearchOption = {
  /** Unique among the options shown (also the end of the option's element id). */
  key: string;
  label: string;
  detail?: string;
  to: string;
  /** Navigation state for `to`: a JD page shows the name from it before its fetch answers. */
  state?: unknown;
};

export type SearchGroup = { label: 'JDs' | 'Candidates' | 'Assistants'; options: SearchOption[] };

/** At most this many rows per group; the search page (`/search?q=`) shows everything. */
export const GROUP_LIMIT = 5;

/** The JDs that matched themselves; a JD listed only for its candidates is not a JD hit. */
function jdOptions(found: readonly SearchResult[]): SearchOption[] {
  return found
    .filter((jd) => jd.jdMatched)
    .map((jd) => ({
      key: `jd-${jd.jdid}`,
      label: jd.jdname,
      detail: jd.keySkills || undefined,
      to: paths.jd(jd.jdid),
      state: { jdname: jd.jdname, jobDescId: jd.jobDescId },
    }));
}

function candidateOptions(found: readonly SearchResult[]): SearchOption[] {
  return found.flatMap((jd) =>
    jd.resumes.map((resume) => ({
      key: `candidate-${resume.resumeId}`,
      label: resume.candidateName || 'Unnamed candidate',
      detail: [jd.jdname, resume.candidateEmail].filter(Boolean).join(' · '),
      // '0': no call, as the search page links it.
      to: paths.candidateAnalysis(String(resume.resumeId), resume.callId || '0'),
    })),
  );
}

/** The assistants whose name holds `q` (case-insensitive): the list is small, so the browser filters it. */
export function matchAssistants(all: readonly Assistant[], q: string): Assistant[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  return all.filter((assistant) => (assistant.name ?? '').toLowerCase().includes(needle));
}

function assistantOptions(all: readonly Assistant[], q: string): SearchOption[] {
  return matchAssistants(all, q).map((assistant) => ({
    key: `assistant-${assistant.id}`,
    label: assistant.name || 'Unnamed assistant',
    detail: assistant.metadata?.role ?? undefined,
    to: paths.assistant(assistant.id),
  }));
}

/**
 * The results in their three groups, each cut to `GROUP_LIMIT`, empty groups left out. A source
 * that has not answered (`undefined`) adds nothing.
 */
export function groupResults({
  q,
  found,
  assistants,
}: {
  q: string;
  found: readonly SearchResult[] | undefined;
  assistants: readonly Assistant[] | undefined;
}): SearchGroup[] {
  const groups: SearchGroup[] = [
    { label: 'JDs', options: found ? jdOptions(found) : [] },
    { label: 'Candidates', options: found ? candidateOptions(found) : [] },
    { label: 'Assistants', options: assistants ? assistantOptions(assistants, q) : [] },
  ];
  return groups.map((group) => ({ ...group, options: group.options.slice(0, GROUP_LIMIT) })).filter((group) => group.options.length > 0);
}

/** The option after (`step` 1) or before (-1) the active one, wrapping round; the first when none is active. */
export function moveActive(options: readonly SearchOption[], activeKey: string | null, step: 1 | -1): string | null {
  if (options.length === 0) return null;
  const index = options.findIndex((option) => option.key === activeKey);
  if (index === -1) return options[step === 1 ? 0 : options.length - 1]!.key;
  return options[(index + step + options.length) % options.length]!.key;
}
