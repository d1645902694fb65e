import { ActivityFeedView } from './activity-feed';

/** Events per page of a candidate's timeline. */
export const TIMELINE_PAGE = 20;

/** The candidate analysis page's Timeline section: everything that happened to the candidate. */
export function CandidateTimeline({ resumeId }: { resumeId: string }) {
  return (
    <ActivityFeedView
      filters={{ resumeId: Number(resumeId) }}
      limit={TIMELINE_PAGE}
      label="Timeline events"
      emptyText="Nothing has happened yet."
    />
  );
}
