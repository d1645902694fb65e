import { SettingsTabs } from '@/components/settings/settings-tabs';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useLogError } from '@/lib/use-log-error';

import { useAccommodationRequests } from '../api/get-accommodation-requests';
import { AccommodationRequestsTable } from '../components/accommodation-requests-table';

export const REQUESTS_FAILED = 'The requests could not be loaded.';
export const REQUESTS_EMPTY = 'No requests. Candidates can ask for an alternative process or an accommodation from their application page.';

/**
 * Settings › Requests (/settings/requests): candidates' requests for an alternative process or an
 * accommodation, waiting ones first. Anyone on the team answers one; the candidate gets it by e-mail.
 */
export function AccommodationRequestsRoute() {
  const requests = useAccommodationRequests();
  useLogError(requests.error, 'Failed to load the accommodation requests');

  return (
    <PageFrame title="Settings" description="Candidates who asked for an alternative process or an accommodation.">
      <title>Requests · Settings · Hirelane</title>
      <SettingsTabs />

      <div className="mt-6">
        <ListState
          query={requests}
          loading={<div aria-busy="true" aria-label="Loading the requests" className="h-40 animate-pulse rounded-xl bg-slate-100" />}
          errorMessage={REQUESTS_FAILED}
          isEmpty={(requests.data ?? []).length === 0}
          empty={
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
              {REQUESTS_EMPTY}
            </p>
          }
        >
          <AccommodationRequestsTable requests={requests.data ?? []} />
        </ListState>
      </div>
    </PageFrame>
  );
}

export { AccommodationRequestsRoute as Component };
