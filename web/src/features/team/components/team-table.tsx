import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/date-time';
import { toast } from '@/lib/toast';

import { useRemoveMember } from '../api/remove-member';
import { useSetMemberReports } from '../api/set-member-reports';
import { useSetMemberRole } from '../api/set-member-role';
import { ROLES, roleLabel } from '../api/types';
import type { Role, TeamMember } from '../api/types';

export const ROLE_FAILED = 'Failed to change the role.';
export const REMOVE_FAILED = 'Failed to remove the colleague.';
export const REPORTS_FAILED = 'Failed to change who can see the fairness reports.';
export const REPORTS_LABEL = 'Can see fairness reports';

function RemoveDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const remove = useRemoveMember();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };

  const onConfirm = async () => {
    if (!member) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: member.id });
      toast.success(`${member.fullName} was removed from the team.`);
      close();
    } catch (failure) {
      setError(apiErrorMessage(failure, REMOVE_FAILED));
    }
  };

  return (
    <Dialog open={member !== null} title={`Remove ${member?.fullName ?? ''}?`} onClose={close} busy={remove.isPending}>
      <p className="mt-3 text-sm text-slate-700">
        {member?.email} will no longer be able to sign in to Hirelane. Their scorecards and the activity they recorded stay.
      </p>
      {error && <ErrorAlert className="mt-4">{error}</ErrorAlert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={() => void onConfirm()}>
          {remove.isPending ? 'Removing...' : 'Remove'}
        </Button>
      </div>
    </Dialog>
  );
}

export type TeamTableProps = {
  members: TeamMember[];
  /** Admins get a role select and a Remove button per member; others see the list read-only. */
  canManage: boolean;
};

/** A member's reports permission: admins always have it; only admins change a recruiter's. */
function ReportsCheckbox({
  member,
  canManage,
  busy,
  onChange,
}: {
  member: TeamMember;
  canManage: boolean;
  busy: boolean;
  onChange: (reports: boolean) => void;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-slate-700">
      <input
        type="checkbox"
        checked={member.reports}
        disabled={!canManage || member.role === 'admin' || busy}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <span>
        {REPORTS_LABEL}
        <span className="sr-only">{`: ${member.fullName}`}</span>
        {member.role === 'admin' && <span className="ml-1 text-xs text-slate-500">(always, as an admin)</span>}
      </span>
    </label>
  );
}

/** The team: name ("(you)" for the signed-in recruiter), e-mail, role, the reports permission and when they joined. */
export function TeamTable({ members, canManage }: TeamTableProps) {
  const setRole = useSetMemberRole();
  const setReports = useSetMemberReports();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);

  /** Runs one change of a colleague's access; the server's refusal shows above the table. */
  const change = async (run: () => Promise<unknown>, success: string, failure: string) => {
    setChangeError(null);
    try {
      await run();
      toast.success(success);
    } catch (error) {
      setChangeError(apiErrorMessage(error, failure));
    }
  };
  const onRole = (member: TeamMember, role: Role) =>
    change(() => setRole.mutateAsync({ id: member.id, role }), `${member.fullName} is now ${roleLabel(role).toLowerCase()}.`, ROLE_FAILED);
  const onReports = (member: TeamMember, reports: boolean) =>
    change(
      () => setReports.mutateAsync({ id: member.id, reports }),
      reports ? `${member.fullName} can now see the fairness reports.` : `${member.fullName} can no longer see the fairness reports.`,
      REPORTS_FAILED,
    );

  return (
    <div>
      {changeError && <ErrorAlert className="mb-3">{changeError}</ErrorAlert>}
      {/* Relative: the table's screen-reader texts (absolutely placed) stay inside the scroller
          instead of widening the page on a phone. */}
      <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Team members</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                E-mail
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Reports
              </th>
              <th scope="col" className="px-4 py-3">
                Added
              </th>
              {canManage && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.id} data-testid="team-row">
                <td className="px-4 py-3 font-medium text-slate-900">
                  {member.fullName}
                  {member.you && <span className="ml-1 font-normal text-slate-500">(you)</span>}
                </td>
                <td className="px-4 py-3 text-slate-700">{member.email}</td>
                <td className="px-4 py-3">
                  {canManage ? (
                    <select
                      aria-label={`Role of ${member.fullName}`}
                      value={member.role}
                      disabled={setRole.isPending}
                      onChange={(event) => void onRole(member, event.target.value as Role)}
                      className={`${inputClass()} w-36 py-1.5`}
                    >
                      {ROLES.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="text-slate-700">{roleLabel(member.role)}</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <ReportsCheckbox
                    member={member}
                    canManage={canManage}
                    busy={setReports.isPending}
                    onChange={(reports) => void onReports(member, reports)}
                  />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                  <time dateTime={member.createdAt}>{formatDate(member.createdAt)}</time>
                </td>
                {canManage && (
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5 text-red-700 hover:bg-red-50 hover:text-red-800"
                      aria-label={`Remove ${member.fullName}`}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
