/**
 * The root key of every activity-feed query (a candidate's timeline, a JD's feed, the
 * organisation's feed). A change that writes an event (a scorecard, a stage move)
 * invalidates it, so the timelines show the new event.
 */
export const activityQueryKey = ['activity'] as const;
