import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { meQueryKey } from '@/lib/queries/me';
import { teamQueryKey } from '@/lib/queries/team';

import type { Role, TeamMember } from './types';

/** Changes a colleague's role (admins only); 409 `last_admin` when it would leave no admin. */
export function setMemberRole({ id, role }: { id: number; role: Role }): Promise<TeamMember[]> {
  return data(api.PUT('/Team/{id}/Role', { params: { path: { id: String(id) } }, body: { role } }));
}

/**
 * A change of what a colleague may do: the answer is the team, and the signed-in recruiter's own
 * account is read again, since the change may be theirs (an admin who made themselves a
 * recruiter loses the admin controls and the reports at once).
 */
export function useTeamChangeOfAccess<Input>(change: (input: Input) => Promise<TeamMember[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (team) => {
      queryClient.setQueryData(teamQueryKey, team);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useSetMemberRole() {
  return useTeamChangeOfAccess(setMemberRole);
}
