/** The activity log's shapes, as the server sends them. */
import type { ApiParams, ApiSchema } from '@/lib/api/types';

/** A page of events, newest first; `nextBefore` asks for the next (older) page. */
export type ActivityFeed = ApiSchema<'ActivityFeed'>;

export type ActivityEvent = ApiSchema<'ActivityEvent'>;

/** `uploaded`, `stageChanged`, … */
export type EventKind = ActivityEvent['kind'];

/** Who made a change: a recruiter (with id and name), the candidate or the system. */
export type EventActor = ActivityEvent['actor'];

export type ActorKind = 'recruiter' | 'candidate' | 'system';

/**
 * The feed's filters (`GET /Activity`); absent ones match everything. `resumeId` is one
 * candidate's timeline, `jdId` one JD's feed (folder id or integer id).
 */
export type ActivityFilters = Omit<NonNullable<ApiParams<'/Activity', 'get'>['query']>, 'before' | 'limit'>;
