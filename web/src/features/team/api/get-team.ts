/** The hiring team: one query under one key, shared with the activity feed's actor filter. */
export { getTeam, teamQueryKey, teamQueryOptions, useTeam } from '@/lib/queries/team';
