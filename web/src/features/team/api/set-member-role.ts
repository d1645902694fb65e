import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { meQueryKey } from '@/lib/queries/me';
import { teamQueryKey } from '@/lib/queries/team';

import type { Role, TeamMember } from './types';

/** Changes a colleague's role (admins only); 409 `last_admin` when it would leave no admin. */
export function setMemberRole({ id, role }: { id: number; role: Role }): Promise<TeamMember[]> {
  return data(api.PUT('/Team/{id}/Role', { params: { path: { id: String(id) } }, body: { role } }));
}

export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberRole,
    onSuccess: async (team) => {
      queryClient.setQueryData(teamQueryKey, team);
      // An admin who made themselves a recruiter loses the admin controls at once.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
