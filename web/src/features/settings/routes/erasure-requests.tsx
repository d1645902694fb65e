import { SettingsTabs } from '@/components/settings/settings-tabs';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useMe } from '@/lib/queries/me';
import { useLogError } from '@/lib/use-log-error';

import { useErasureRequests } from '../api/get-erasure-requests';
import { ErasureRequestsTable } from '../components/erasure-requests-table';

export const ERASURE_FAILED = 'The erasure requests could not be loaded.';
export const ERASURE_EMPTY = 'No erasure requests. Candidates can ask from their application page.';
export const READ_ONLY_NOTE = 'Only admins can confirm or decline a request.';

/**
 * Settings › Erasure requests (/settings/erasure-requests): candidates' requests to erase their
 * data, waiting ones first. An admin confirms one (everything held about the address is erased)
 * or declines it with a reason; everyone else sees the list.
 */
export function ErasureRequestsRoute() {
  const requests = useErasureRequests();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';

  useLogError(requests.error, 'Failed to load the erasure requests');

  return (
    <PageFrame title="Settings" description="Candidates who asked for their data to be erased.">
      <title>Erasure requests · Settings · Hirelane</title>
      <SettingsTabs />

      <div className="mt-6 space-y-4">
        <ListState
          query={requests}
          loading={
            <div
              data-testid="erasure-skeleton"
              aria-busy="true"
              aria-label="Loading the erasure requests"
              className="h-40 animate-pulse rounded-xl bg-slate-100"
            />
          }
          errorMessage={ERASURE_FAILED}
          isEmpty={(requests.data ?? []).length === 0}
          empty={
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
              {ERASURE_EMPTY}
            </p>
          }
        >
          <ErasureRequestsTable requests={requests.data ?? []} canDecide={isAdmin} />
        </ListState>
        {me.data && !isAdmin && <p className="text-sm text-slate-600">{READ_ONLY_NOTE}</p>}
      </div>
    </PageFrame>
  );
}

export { ErasureRequestsRoute as Component };
