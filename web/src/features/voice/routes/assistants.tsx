import { useId, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useLogError } from '@/lib/use-log-error';

import { useAssistants, useDeleteAssistant } from '../api/assistants';
import type { Assistant } from '../api/types';
import { assistantDescription, sortAssistants, truncateWords } from '../lib/voice-rules';
import type { AssistantSort } from '../lib/voice-rules';

export const ASSISTANTS_FAILED = 'The assistants could not be loaded.';

/** AI Assistants (SPEC sections 2, 8, 9): sortable cards, delete with confirmation. */
export function AssistantsRoute() {
  const sortId = useId();
  const [sort, setSort] = useState<AssistantSort>('created');
  const [deleting, setDeleting] = useState<Assistant | null>(null);
  const assistants = useAssistants();
  const remove = useDeleteAssistant();

  useLogError(assistants.error, 'Failed to load assistants');

  const items = sortAssistants(assistants.data ?? [], sort);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Assistant deleted successfully'),
      onError: () => toast.error('Failed to delete assistant'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <PageFrame
      title="AI Assistants"
      description="Your AI interviewers."
      actions={
        <Link
          to={paths.createAssistant}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <PlusIcon width={18} height={18} />
          Create Assistant
        </Link>
      }
    >
      <title>AI Assistants · Hirelane</title>
      <div className="mt-6 flex items-center justify-end gap-2">
        <label htmlFor={sortId} className="text-sm text-slate-600">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => setSort(event.target.value as AssistantSort)}
          className="rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm text-slate-900 shadow-sm"
        >
          <option value="created">Created date</option>
          <option value="name">Name</option>
        </select>
      </div>
      <ListState
        query={assistants}
        loading={<PageSpinner label="Loading assistants…" />}
        errorMessage={ASSISTANTS_FAILED}
        errorClassName="mt-6"
        isEmpty={items.length === 0}
        empty={
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
            No assistants found
          </p>
        }
      >
        <ul aria-label="Assistants" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((assistant) => (
            <li key={assistant.id} className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-start justify-between gap-2">
                <h2 className="min-w-0 break-words font-semibold text-slate-900">
                  <Link to={paths.assistant(assistant.id)} className="hover:text-brand-700 hover:underline">
                    {assistant.name || 'Unnamed assistant'}
                  </Link>
                </h2>
                <button
                  type="button"
                  onClick={() => setDeleting(assistant)}
                  aria-label={`Delete ${assistant.name ?? 'assistant'}`}
                  className="shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <TrashIcon width={18} height={18} />
                </button>
              </div>
              <p className="mt-2 line-clamp-3 text-sm text-slate-600">{truncateWords(assistantDescription(assistant), 50)}</p>
              <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-500">
                <span>{formatDate(assistant.createdAt)}</span>
                <span>{assistant.voice?.voiceId}</span>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <Dialog open={deleting !== null} title="Delete assistant" onClose={() => setDeleting(null)} busy={remove.isPending}>
        <p className="text-sm text-slate-700">Are you sure you want to delete {deleting?.name ?? 'this assistant'}?</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        </div>
      </Dialog>
    </PageFrame>
  );
}

export { AssistantsRoute as Component };
