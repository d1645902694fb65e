import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { CalendarIcon, FolderIcon, PlusIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/date-time';
import { useLogError } from '@/lib/use-log-error';

import { useFolders } from '../api/get-folders';
import { FairnessFlagBadge } from '../components/fairness-flag-banner';
import type { JdNavigationState } from '../api/types';
import { splitSkills } from '../lib/jd-rules';
import { sortFolders } from '../lib/format';
import type { FolderSort } from '../lib/format';

export const FOLDERS_FAILED = 'The JD folders could not be loaded.';

/** JD Folders (SPEC section 2): every JD, newest first or by name, with Create Job. */
export function FoldersRoute() {
  const navigate = useNavigate();
  const sortId = useId();
  const [sort, setSort] = useState<FolderSort>('newest');
  const folders = useFolders();

  useLogError(folders.error, 'Failed to load JD folders');

  const items = sortFolders(folders.data ?? [], sort);

  return (
    <PageFrame
      title="JD Folders"
      description="One folder per job description, with its resumes."
      actions={
        <Button onClick={() => void navigate(paths.create)}>
          <PlusIcon width={18} height={18} />
          Create Job
        </Button>
      }
    >
      <title>JD Folders · Hirelane</title>

      <div className="mt-6 flex items-center justify-end gap-2">
        <label htmlFor={sortId} className="text-sm text-slate-600">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => setSort(event.target.value as FolderSort)}
          className="rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
        >
          <option value="newest">Created date (newest)</option>
          <option value="name">Name</option>
        </select>
      </div>

      <ListState
        query={folders}
        loading={<PageSpinner label="Loading JD folders…" />}
        errorMessage={FOLDERS_FAILED}
        errorClassName="mt-6"
        isEmpty={items.length === 0}
        empty={
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <span className="rounded-full bg-brand-50 p-3 text-brand-600">
              <FolderIcon />
            </span>
            <p className="mt-4 font-medium text-slate-900">No JD folders yet</p>
            <p className="mt-1 text-sm text-slate-600">Create a job description to start collecting resumes.</p>
            <Link to={paths.create} className="mt-5 text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline">
              Create your first job
            </Link>
          </div>
        }
      >
        <ul aria-label="JD folders" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((folder) => {
            const skills = splitSkills(folder.keySkills);
            const state: JdNavigationState = { jdname: folder.jdname, jobDescId: folder.jobDescId };
            return (
              <li key={folder.jdid}>
                <Link
                  to={paths.jd(folder.jdid)}
                  state={state}
                  className="group flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <div className="flex items-start gap-3">
                    <span className="rounded-lg bg-brand-50 p-2 text-brand-600 group-hover:bg-brand-100">
                      <FolderIcon />
                    </span>
                    <h2 className="min-w-0 flex-1 break-words font-semibold text-slate-900">{folder.jdname}</h2>
                  </div>
                  <div className="mt-2 empty:hidden">
                    <FairnessFlagBadge jobDescId={folder.jobDescId} />
                  </div>
                  {skills.length > 0 && (
                    <ul aria-label="Key skills" className="mt-4 flex flex-wrap gap-1.5">
                      {skills.slice(0, 4).map((skill) => (
                        <li key={skill} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                          {skill}
                        </li>
                      ))}
                      {skills.length > 4 && <li className="px-1 py-0.5 text-xs text-slate-500">+{skills.length - 4}</li>}
                    </ul>
                  )}
                  <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-500">
                    <span className="inline-flex items-center gap-1">
                      <CalendarIcon width={14} height={14} />
                      {formatDate(folder.createdOn)}
                    </span>
                    <span>
                      {folder.numberOfResumes} {folder.numberOfResumes === 1 ? 'resume' : 'resumes'} · {folder.resumesAnalyzed} analyzed
                    </span>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </ListState>
    </PageFrame>
  );
}

export { FoldersRoute as Component };
