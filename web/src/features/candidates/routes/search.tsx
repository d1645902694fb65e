import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { FolderIcon, SearchIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { useSearchAll } from '@/lib/queries/search-all';

import { ViewResumeLink } from '../components/resume-viewer';

export const SEARCH_PLACEHOLDER = 'Search by JD title, skills, or candidate name/email/phone...';
export const SEARCH_ERROR = 'Something went wrong while searching.';

/** Search JDs & Resumes (/search?q=): runs when q is present; a blank query does nothing. */
export function SearchRoute() {
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const search = useSearchAll(q);

  // A new q in the URL (back/forward, a link) replaces the typed text.
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  useEffect(() => {
    if (search.error) console.error('Search failed', search.error);
  }, [search.error]);

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setParams({ q: trimmed });
    if (trimmed === q) void search.refetch();
  };

  return (
    <PageFrame title="Search JDs & Resumes">
      <title>Search JDs & Resumes · Hirelane</title>
      <form
        role="search"
        className="mt-6 flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Search
        </label>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" width={18} height={18} />
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={SEARCH_PLACEHOLDER}
            className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-10 pr-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
          />
        </div>
        <Button type="submit">Search</Button>
      </form>

      <div className="mt-6" aria-live="polite">
        {!q.trim() ? null : search.isFetching && !search.data ? (
          <p className="text-sm text-slate-600">Searching...</p>
        ) : search.isError && !search.data ? (
          <LoadError message={SEARCH_ERROR} query={search} />
        ) : search.data && search.data.length === 0 ? (
          <p className="text-sm text-slate-600">No results found.</p>
        ) : (
          <ul aria-label="Search results" className="space-y-4">
            {(search.data ?? []).map((jd) => (
              <li key={jd.jdid} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <Link
                  to={paths.jd(jd.jdid)}
                  state={{ jdname: jd.jdname, jobDescId: jd.jobDescId }}
                  className="inline-flex items-center gap-2 font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  <FolderIcon width={18} height={18} className="text-brand-600" />
                  {jd.jdname}
                </Link>
                {jd.resumes.length === 0 ? (
                  <p className="mt-3 text-sm text-slate-500">No resumes found.</p>
                ) : (
                  <ul aria-label={`Resumes for ${jd.jdname}`} className="mt-3 divide-y divide-slate-100">
                    {jd.resumes.map((resume) => (
                      <li key={resume.resumeId} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                        <div className="min-w-0">
                          <Link
                            to={paths.candidateAnalysis(String(resume.resumeId), resume.callId || '0')}
                            className="font-medium text-brand-700 hover:underline"
                          >
                            {resume.candidateName || 'Unnamed candidate'}
                          </Link>
                          <p className="break-all text-sm text-slate-600">
                            {resume.candidateEmail} | {resume.candidatePhone}
                          </p>
                        </div>
                        {resume.filePath && (
                          <ViewResumeLink
                            filePath={resume.filePath}
                            candidateName={resume.candidateName}
                            className="text-sm font-semibold text-brand-700 hover:underline"
                          >
                            View Resume
                          </ViewResumeLink>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageFrame>
  );
}

export { SearchRoute as Component };
