import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime, humanizeInstants } from '@/lib/date-time';

import type { ActivityEvent } from '../api/types';
import { actorLabel } from '../lib/events';

export type ActivityListProps = {
  events: ActivityEvent[];
  /** Name the candidate (linked to their analysis page) and the JD of each event. */
  showSubject?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  label: string;
};

function Subject({ event }: { event: ActivityEvent }) {
  const name = event.candidateName?.trim() || 'Candidate';
  return (
    <p className="mt-1 text-xs text-slate-600">
      {event.resumeId !== null ? (
        <Link to={paths.candidateAnalysis(String(event.resumeId), '0')} className="font-medium text-brand-700 hover:underline">
          {name}
        </Link>
      ) : (
        event.candidateName && <span className="font-medium text-slate-700">{event.candidateName}</span>
      )}
      {event.jdname && (
        <>
          {(event.resumeId !== null || event.candidateName) && <span aria-hidden="true"> · </span>}
          <span>{event.jdname}</span>
        </>
      )}
    </p>
  );
}

/** Events newest first on a timeline: when (browser time), who, what; "Load more" for older ones. */
export function ActivityList({ events, showSubject = false, hasMore, loadingMore, onLoadMore, label }: ActivityListProps) {
  return (
    <div>
      <ol aria-label={label} className="relative space-y-4 border-l border-slate-200 pl-5">
        {events.map((event) => (
          <li key={event.id} data-testid="activity-event" className="relative">
            <span aria-hidden="true" className="absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full bg-brand-500 ring-4 ring-white" />
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              <span aria-hidden="true">·</span>
              <span className="font-medium text-slate-700">{actorLabel(event.actor)}</span>
            </p>
            <p className="mt-0.5 text-sm text-slate-900">{humanizeInstants(event.summary)}</p>
            {showSubject && <Subject event={event} />}
          </li>
        ))}
      </ol>
      {hasMore && (
        <div className="mt-4">
          <Button variant="secondary" loading={loadingMore} onClick={onLoadMore}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
