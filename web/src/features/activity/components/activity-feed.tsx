import { LoadError } from '@/components/ui/list-state';
import { useLogError } from '@/lib/use-log-error';

import { useActivity } from '../api/get-activity';
import type { ActivityFilters } from '../api/types';
import { ActivityList } from './activity-list';

export const ACTIVITY_FAILED = 'The activity could not be loaded.';

export type ActivityFeedViewProps = {
  filters: ActivityFilters;
  /** Events per page. */
  limit?: number;
  showSubject?: boolean;
  label: string;
  emptyText: string;
};

/** An activity feed with its loading, failure and empty states. */
export function ActivityFeedView({ filters, limit, showSubject, label, emptyText }: ActivityFeedViewProps) {
  const feed = useActivity(filters, { limit });

  useLogError(feed.error, 'Failed to load the activity');

  if (feed.isPending) {
    return (
      <div data-testid="activity-skeleton" aria-busy="true" aria-label="Loading activity" className="space-y-3">
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-10 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    );
  }
  // A failed "Load more" keeps what is shown; only a failed first page replaces it.
  if (feed.isError && !feed.data) return <LoadError message={ACTIVITY_FAILED} query={feed} />;

  const events = feed.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ActivityList
      events={events}
      label={label}
      showSubject={showSubject}
      hasMore={feed.hasNextPage}
      loadingMore={feed.isFetchingNextPage}
      onLoadMore={() => void feed.fetchNextPage()}
    />
  );
}
