import { useId } from 'react';

import { ErrorAlert } from '@/components/ui/error-alert';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useKeepForOtherJobs } from '../api/keep-for-other-jobs';
import type { MyApplication } from '../api/types';

export const KEEP_LABEL = 'Keep my data for other jobs';
const KEEP_FAILED = 'Your choice could not be saved. Please try again.';

/** The candidate's agreement to be kept for other jobs: saved as soon as it changes. */
export function KeepForOtherJobs({ page, token, className }: { page: MyApplication; token: string; className?: string }) {
  const id = useId();
  const keep = useKeepForOtherJobs(token);
  return (
    <li className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={keep.isPending && keep.variables !== undefined ? keep.variables : page.keptForOtherJobs}
          disabled={keep.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) =>
            keep.mutate(event.target.checked, {
              onSuccess: (saved) =>
                toast.success(saved.keptForOtherJobs ? 'Your data will be kept for other jobs.' : 'Your data will no longer be kept.'),
            })
          }
          className="mt-1 size-4 shrink-0 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="font-medium text-slate-900">
            {KEEP_LABEL}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {page.organization} may then consider you for other jobs, and your data is not erased for inactivity. You can still ask for it
            to be erased.
          </p>
        </div>
      </div>
      {keep.isError && <ErrorAlert className="mt-3">{apiErrorMessage(keep.error, KEEP_FAILED)}</ErrorAlert>}
    </li>
  );
}
