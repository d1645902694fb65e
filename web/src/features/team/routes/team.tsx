import { SettingsTabs } from '@/components/settings/settings-tabs';
import { LoadError } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useMe } from '@/lib/queries/me';
import { useLogError } from '@/lib/use-log-error';

import { useTeam } from '../api/get-team';
import { InviteMemberForm } from '../components/invite-member-form';
import { TeamTable } from '../components/team-table';

export const TEAM_FAILED = 'The team could not be loaded.';
export const READ_ONLY_NOTE = 'Only admins can invite colleagues, change roles or remove someone.';

/** Settings › Team (/settings/team): the team, and for admins the controls to manage it. */
export function TeamRoute() {
  const team = useTeam();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';

  useLogError(team.error, 'Failed to load the team');

  return (
    <PageFrame title="Settings" description="Who can sign in to Hirelane, and what they may do.">
      <title>Team · Settings · Hirelane</title>
      <SettingsTabs />

      <div className="mt-6 space-y-6">
        {isAdmin && <InviteMemberForm />}
        {team.isPending ? (
          <div
            data-testid="team-skeleton"
            aria-busy="true"
            aria-label="Loading the team"
            className="h-40 animate-pulse rounded-xl bg-slate-100"
          />
        ) : team.isError ? (
          <LoadError message={TEAM_FAILED} query={team} />
        ) : (
          <TeamTable members={team.data} canManage={isAdmin} />
        )}
        {me.data && !isAdmin && <p className="text-sm text-slate-600">{READ_ONLY_NOTE}</p>}
      </div>
    </PageFrame>
  );
}

export { TeamRoute as Component };
