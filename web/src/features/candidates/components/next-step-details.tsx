import type { ReactNode } from 'react';

import { formatDate, formatDateTime } from '@/lib/date-time';

import type { InviteStatus, NextStepDetails } from '../api/types';
import { InviteStatusBadge } from './badges';

// Numbers are JSON numbers from the server; anything else shows as a dash rather than NaN.
const number = (value: number) => (Number.isFinite(value) ? value.toLocaleString(undefined, { maximumFractionDigits: 2 }) : '—');
const withUnit = (value: number, one: string, many: string) =>
  Number.isFinite(value) ? `${number(value)} ${value === 1 ? one : many}` : '—';

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const text = (value: string | null | undefined) => (value?.trim() ? value : '—');

export type NextStepDetailsViewProps = {
  details: NextStepDetails;
  inviteStatus: InviteStatus | null;
  interviewDateTime: string | null;
};

/**
 * What the candidate answered on the next-step form (SPEC sections 3 and 5),
 * with the units the form asked in (CTC in LPA, periods in days), and where
 * their interview stands. The reason for leaving and the last working day are
 * asked only when not serving notice, so they are shown only then.
 */
export function NextStepDetailsView({ details, inviteStatus, interviewDateTime }: NextStepDetailsViewProps) {
  const servingNotice = details.servingNotice === 'Yes';
  return (
    <div data-testid="next-step-details" className="space-y-5">
      {inviteStatus && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="font-medium">Interview</span>
          <InviteStatusBadge status={inviteStatus} interviewDateTime={interviewDateTime} />
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Item label="Total Experience">{withUnit(details.totalExp, 'year', 'years')}</Item>
        <Item label="Relevant Experience">{withUnit(details.relevantExp, 'year', 'years')}</Item>
        <Item label="Current Organization">{text(details.organization)}</Item>
        <Item label="Current CTC">{withUnit(details.currentCTC, 'LPA', 'LPA')}</Item>
        <Item label="Expected CTC">{withUnit(details.expectedCTC, 'LPA', 'LPA')}</Item>
        <Item label="Notice Period">{withUnit(details.noticePeriod, 'day', 'days')}</Item>
        <Item label="Serving Notice">{servingNotice ? 'Yes' : 'No'}</Item>
        {!servingNotice && <Item label="Last Working Date">{formatDate(details.lastWorkingDate) || '—'}</Item>}
        {!servingNotice && (
          <Item label="Reason for Leaving" wide>
            {text(details.reasonForLeaving)}
          </Item>
        )}
        <Item label="Current Location">{text(details.currentLocation)}</Item>
        <Item label="Hometown">{text(details.hometown)}</Item>
        <Item label="Willing to Work from Faridabad Office">{details.faridabadOffice === 'Yes' ? 'Yes' : 'No'}</Item>
        <Item label="Days Needed to Relocate">{withUnit(details.relocateDays, 'day', 'days')}</Item>
        <Item label="Skills" wide>
          {text(details.skills)}
        </Item>
        <Item label="Additional Information" wide>
          {text(details.additionalInfo)}
        </Item>
      </dl>
      {details.submittedAt && <p className="text-xs text-slate-500">Submitted {formatDateTime(details.submittedAt)}</p>}
    </div>
  );
}
