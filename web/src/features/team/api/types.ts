/** The team's shapes, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

export type { TeamMember } from '@/lib/queries/team';

/** `admin` or `recruiter`. */
export type Role = ApiSchema<'TeamMember'>['role'];

/** `POST /Team`. */
export type InviteMemberInput = ApiSchema<'InviteMemberBody'>;

export const ROLES: ReadonlyArray<{ value: Role; label: string }> = [
  { value: 'recruiter', label: 'Recruiter' },
  { value: 'admin', label: 'Admin' },
];

export function roleLabel(role: Role): string {
  return ROLES.find((option) => option.value === role)?.label ?? role;
}
