import { formatDateTime } from '@/lib/date-time';
import { useLogError } from '@/lib/use-log-error';

import { useAutopilot } from '../api/get-autopilot';
import { usePosting } from '../api/get-posting';
import type { JdDetail } from '../api/types';
import { applicantCount, inviteRuleText } from '../lib/autopilot';
import { applicationCount, placeLine } from '../lib/job-page';
import { PublicLink } from './public-link';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * Where the JD stands with candidates at a glance: its job page (published, where, the link and
 * the applications) and its autopilot. The JD's Job page and Autopilot actions change them.
 */
export function JobPageSummary({ detail }: { detail: JdDetail }) {
  const posting = usePosting(detail.jdid);
  const autopilot = useAutopilot(detail.jdid);
  useLogError(posting.error, 'Failed to load the job page');
  useLogError(autopilot.error, 'Failed to load the autopilot');

  const page = posting.data;
  const pilot = autopilot.data;
  return (
    <div className="space-y-3">
      <div data-testid="job-page-status">
        {posting.isPending ? (
          <div aria-hidden="true" className="h-5 w-2/3 animate-pulse rounded bg-slate-100" />
        ) : !page ? (
          <p className="text-slate-600">The job page could not be loaded.</p>
        ) : page.published && page.url ? (
          <div className="space-y-2">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className={`${pill} bg-emerald-50 text-emerald-800 ring-emerald-200`}>Published</span>
              <span>{`${placeLine(page)} · ${applicationCount(page.applications)}`}</span>
            </p>
            <PublicLink url={page.url} slug={page.slug} />
            {!page.open && <p className="text-amber-900">Applications are closed: the apply-last date has passed.</p>}
          </div>
        ) : (
          <p>
            <span className={`${pill} mr-2 bg-slate-100 text-slate-700 ring-slate-200`}>Not published</span>
            Candidates cannot apply yet. Publish the job page to take applications.
          </p>
        )}
      </div>
      {pilot && (
        <p data-testid="autopilot-status">
          <span className="font-medium text-slate-900">Autopilot:</span>{' '}
          {pilot.enabled ? `on, inviting ${inviteRuleText(pilot.minScore)}` : 'off'}
          {pilot.invited > 0 && ` · ${applicantCount(pilot.invited)} invited so far`}
        </p>
      )}
      {pilot?.lastNotInvited && (
        <p data-testid="autopilot-not-invited" className="text-amber-900">
          {`${applicantCount(pilot.notInvited)} not invited. Last: ${pilot.lastNotInvited.reason} (${formatDateTime(pilot.lastNotInvited.at)}); each reason is in the applicant’s activity.`}
        </p>
      )}
    </div>
  );
}
