/** The activity log's shapes, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

/** A page of events, newest first; `nextBefore` asks for the next (older) page. */
export type ActivityFeed = ApiSchema<'ActivityFeed'>;

export type ActivityEvent = ApiSchema<'ActivityEvent'>;

/** `uploaded`, `stageChanged`, … */
export type EventKind = ActivityEvent['kind'];

/** Who made a change: a recruiter (with id and name), the candidate or the system. */
export type EventActor = ActivityEvent['actor'];

export type ActorKind = 'recruiter' | 'candidate' | 'system';

/** The feed's filters (`GET /Activity`); absent ones match everything. */
export type ActivityFilters = {
  /** One candidate's timeline. */
  resumeId?: string;
  /** One JD's feed (folder id or integer id). */
  jdId?: string;
  kind?: EventKind;
  actor?: ActorKind;
  recruiterId?: string;
};
