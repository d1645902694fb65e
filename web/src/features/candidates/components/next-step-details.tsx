import type { ReactNode } from 'react';

import { formatDate, formatDateTime } from '@/lib/date-time';

import type { CustomAnswer } from '@/lib/details-form';

import type { InviteStatus, NextStepDetails } from '../api/types';
import { InviteStatusBadge } from './badges';

// Numbers are JSON numbers from the server; anything else shows as a dash rather than NaN.
const number = (value: number) => (Number.isFinite(value) ? value.toLocaleString(undefined, { maximumFractionDigits: 2 }) : '—');
const withUnit = (value: number | null, one: string, many: string) =>
  value !== null && Number.isFinite(value) ? `${number(value)} ${value === 1 ? one : many}` : '—';

/** A custom question's answer as read: Yes/No, numbers and dates formatted, blank as a dash. */
function answerText(answer: CustomAnswer): string {
  const value = answer.answer;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return number(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  return answer.kind === 'date' ? formatDate(value) || value : value;
}

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
 * with the units the form asked in (CTC in LPA unless the form named another
 * unit, periods in days), and where their interview stands. The reason for
 * leaving and the last working day are asked only when not serving notice, so
 * they are shown only then. A question the form did not ask (null) is not
 * shown; the organisation's own questions follow, as they were asked.
 */
export function NextStepDetailsView({ details, inviteStatus, interviewDateTime }: NextStepDetailsViewProps) {
  const servingNotice = details.servingNotice === 'Yes';
  const unit = details.payUnit ?? 'LPA';
  const office = details.officeName ?? 'Faridabad';
  const asked = (value: unknown) => value !== null && value !== undefined;
  return (
    <div data-testid="next-step-details" className="space-y-5">
      {inviteStatus && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="font-medium">Interview</span>
          <InviteStatusBadge status={inviteStatus} interviewDateTime={interviewDateTime} />
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {asked(details.totalExp) && <Item label="Total Experience">{withUnit(details.totalExp, 'year', 'years')}</Item>}
        {asked(details.relevantExp) && <Item label="Relevant Experience">{withUnit(details.relevantExp, 'year', 'years')}</Item>}
        {asked(details.organization) && <Item label="Current Organization">{text(details.organization)}</Item>}
        {asked(details.currentCTC) && <Item label="Current CTC">{withUnit(details.currentCTC, unit, unit)}</Item>}
        {asked(details.expectedCTC) && <Item label="Expected CTC">{withUnit(details.expectedCTC, unit, unit)}</Item>}
        {asked(details.noticePeriod) && <Item label="Notice Period">{withUnit(details.noticePeriod, 'day', 'days')}</Item>}
        {asked(details.servingNotice) && <Item label="Serving Notice">{servingNotice ? 'Yes' : 'No'}</Item>}
        {!servingNotice && asked(details.lastWorkingDate) && (
          <Item label="Last Working Date">{formatDate(details.lastWorkingDate ?? '') || '—'}</Item>
        )}
        {!servingNotice && asked(details.reasonForLeaving) && (
          <Item label="Reason for Leaving" wide>
            {text(details.reasonForLeaving)}
          </Item>
        )}
        {asked(details.currentLocation) && <Item label="Current Location">{text(details.currentLocation)}</Item>}
        {asked(details.hometown) && <Item label="Hometown">{text(details.hometown)}</Item>}
        {asked(details.faridabadOffice) && (
          <Item label={`Willing to Work from ${office} Office`}>
            {details.faridabadOffice === 'Yes' ? 'Yes' : details.faridabadOffice === 'No' ? 'No' : '—'}
          </Item>
        )}
        {asked(details.relocateDays) && <Item label="Days Needed to Relocate">{withUnit(details.relocateDays, 'day', 'days')}</Item>}
        {asked(details.skills) && (
          <Item label="Skills" wide>
            {text(details.skills)}
          </Item>
        )}
        {asked(details.additionalInfo) && (
          <Item label="Additional Information" wide>
            {text(details.additionalInfo)}
          </Item>
        )}
        {/* Answers stored before forms were configurable, as some fixtures and caches hold, have none. */}
        {(details.customAnswers ?? []).map((answer) => (
          <Item key={answer.id} label={answer.label} wide={answer.kind === 'text'}>
            {answerText(answer)}
          </Item>
        ))}
      </dl>
      {details.submittedAt && <p className="text-xs text-slate-500">Submitted {formatDateTime(details.submittedAt)}</p>}
    </div>
  );
}
