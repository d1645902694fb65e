import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { teamQueryKey } from '@/lib/queries/team';

import type { TeamMember } from './types';

/** Removes a colleague from the team (admins only); 409 `last_admin` for the last admin. */
export function removeMember({ id }: { id: number }): Promise<TeamMember[]> {
  return data(api.DELETE('/Team/{id}', { params: { path: { id: String(id) } } }));
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (team) => queryClient.setQueryData(teamQueryKey, team),
  });
}
