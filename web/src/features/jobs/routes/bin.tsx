import { Button } from '@/components/ui/button';
import { RestoreIcon, TrashIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { BIN_RETENTION_DAYS } from '@/config/constants';
import { formatDateTime } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useLogError } from '@/lib/use-log-error';

import { useBin } from '../api/get-bin';
import { useRestoreJd } from '../api/restore-jd';
import { daysLeftText, daysUntilPurge } from '../lib/format';

export const RESTORE_SUCCESS = 'JD restored successfully.';
export const BIN_FAILED = 'The bin could not be loaded.';

/** The bin: deleted JDs with who, when and why, days until the purge, and Restore. */
export function BinRoute() {
  const bin = useBin();
  const restore = useRestoreJd();

  useLogError(bin.error, 'Failed to load the bin');

  const restoreEntry = async (id: number, name: string) => {
    try {
      const done = await restore.mutateAsync({ id });
      toast.success(done.message || RESTORE_SUCCESS);
    } catch (error) {
      toast.error(`Failed to restore ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const entries = bin.data ?? [];
  return (
    <PageFrame
      title="Bin"
      description={`Deleted job descriptions stay here for ${BIN_RETENTION_DAYS} days, then they are permanently deleted.`}
    >
      <title>Bin · Hirelane</title>
      <ListState
        query={bin}
        loading={<PageSpinner label="Loading the bin…" />}
        errorMessage={BIN_FAILED}
        errorClassName="mt-6"
        isEmpty={entries.length === 0}
        empty={
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <span className="rounded-full bg-slate-100 p-3 text-slate-500">
              <TrashIcon />
            </span>
            <p className="mt-4 font-medium text-slate-900">The bin is empty</p>
            <p className="mt-1 text-sm text-slate-600">Deleted job descriptions will appear here.</p>
          </div>
        }
      >
        <ul aria-label="Deleted job descriptions" className="mt-6 space-y-3">
          {entries.map((entry) => {
            const restoring = restore.isPending && restore.variables.id === entry.jobDescId;
            const days = daysUntilPurge(entry);
            return (
              <li
                key={entry.jobDescId}
                aria-label={entry.jdname}
                className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="break-words font-semibold text-slate-900">{entry.jdname}</h2>
                    <span
                      className={
                        days <= 3
                          ? 'rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200'
                          : 'rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200'
                      }
                    >
                      {daysLeftText(days)}
                    </span>
                  </div>
                  <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                    <dt className="text-slate-500">Reason</dt>
                    <dd className="break-words text-slate-800">{entry.deleteReason || '—'}</dd>
                    <dt className="text-slate-500">Deleted by</dt>
                    <dd className="text-slate-800">{entry.deletedBy || '—'}</dd>
                    <dt className="text-slate-500">Deleted at</dt>
                    <dd className="text-slate-800">
                      <time dateTime={entry.deletedAt}>{formatDateTime(entry.deletedAt)}</time>
                    </dd>
                  </dl>
                </div>
                <Button
                  variant="secondary"
                  loading={restoring}
                  disabled={restore.isPending}
                  onClick={() => void restoreEntry(entry.jobDescId, entry.jdname)}
                  aria-label={`Restore ${entry.jdname}`}
                >
                  {!restoring && <RestoreIcon width={16} height={16} />}
                  Restore
                </Button>
              </li>
            );
          })}
        </ul>
      </ListState>
    </PageFrame>
  );
}

export { BinRoute as Component };
