import { api, data } from '@/lib/api-client';

import { useTeamChangeOfAccess } from './set-member-role';
import type { TeamMember } from './types';

/** Gives a recruiter the reports permission (the bias audit), or takes it away (admins only; admins always have it). */
export function setMemberReports({ id, reports }: { id: number; reports: boolean }): Promise<TeamMember[]> {
  return data(api.PUT('/Team/{id}/Reports', { params: { path: { id: String(id) } }, body: { reports } }));
}

export function useSetMemberReports() {
  return useTeamChangeOfAccess(setMemberReports);
}
