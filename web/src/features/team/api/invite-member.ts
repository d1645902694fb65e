import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { teamQueryKey } from '@/lib/queries/team';

import type { InviteMemberInput, TeamMember } from './types';

/**
 * Adds a colleague to the team (admins only); the server e-mails them how to sign in.
 * 400 for a missing or malformed address or name, 409 `recruiter_exists`.
 */
export function inviteMember(input: InviteMemberInput): Promise<TeamMember[]> {
  return data(api.POST('/Team', { body: input }));
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (team) => queryClient.setQueryData(teamQueryKey, team),
  });
}
