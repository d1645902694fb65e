/** The signed-in recruiter: one query under one key, shared with the pages that check the role. */
export { getMe, meQueryOptions, useMe } from '@/lib/queries/me';
export type { Me } from '@/lib/queries/me';
