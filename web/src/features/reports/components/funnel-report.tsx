import { useId, useState } from 'react';

import { inputClass } from '@/components/ui/field';

import type { FunnelCounts, HiringReport } from '../api/get-hiring-report';
import { candidatesLink, formatShare } from '../lib/report';
import { BarList, CountLink } from './bars';
import { ReportSection, tableClass } from './report-section';

const ALL = '';

/**
 * The funnel, overall or of one job: how many reached each stage (reaching a later stage counts
 * as passing the ones before), the pass-through from each stage to the next over candidates
 * whose process is finished, with the in-progress count beside it.
 */
export function FunnelReport({ report, jdId, onDownload }: { report: HiringReport; jdId: string; onDownload: () => Promise<void> }) {
  const id = useId();
  const [chosen, setChosen] = useState(ALL);
  const job = report.jobs.find((item) => item.jdid === chosen);
  const counts: FunnelCounts = job ?? report.overall;
  const period = { from: report.from, to: report.to };
  const jobFilter = job?.jdid ?? (jdId || undefined);
  const link = (filter: Parameters<typeof candidatesLink>[1]) => candidatesLink(period, { job: jobFilter, ...filter });
  const rows = counts.steps.map((step) => ({
    key: step.stage,
    label: step.label,
    value: step.reached,
    valueText: step.reached.toLocaleString(),
    href: link({ reached: step.stage }),
    note: step.passThrough === null ? undefined : `${formatShare(step.passThrough)} went on`,
  }));
  return (
    <ReportSection
      title="Hiring funnel"
      description="Candidates added in the period who reached each stage. Pass-through: of the finished candidates (hired, rejected or withdrawn) who reached a stage, the share who reached the next."
      testId="funnel-report"
      onDownload={onDownload}
      table={
        <table className={tableClass}>
          <caption className="sr-only">The funnel's numbers by stage</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Reached</th>
              <th scope="col">Passed without it</th>
              <th scope="col">In it now</th>
              <th scope="col">Finished who reached it</th>
              <th scope="col">Pass-through</th>
            </tr>
          </thead>
          <tbody>
            {counts.steps.map((step) => (
              <tr key={step.stage}>
                <th scope="row">{step.label}</th>
                <td>
                  <CountLink value={step.reached} href={link({ reached: step.stage })} label={`reached ${step.label}`} />
                </td>
                <td className="tabular-nums">{step.skipped.toLocaleString()}</td>
                <td>
                  <CountLink value={step.current} href={link({ stage: step.stage })} label={`in ${step.label} now`} />
                </td>
                <td>
                  <CountLink
                    value={step.finishedReached}
                    href={link({ reached: step.stage, finished: true })}
                    label={`finished candidates who reached ${step.label}`}
                  />
                </td>
                <td className="tabular-nums">{formatShare(step.passThrough)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="funnel-progress">
          Finished <CountLink value={counts.finished} href={link({ finished: true })} label="finished" /> · In progress{' '}
          <CountLink value={counts.inProgress} href={link({ finished: false })} label="in progress" /> · Rejected{' '}
          <CountLink value={counts.rejected} href={link({ stage: 'rejected' })} label="rejected" /> · Withdrawn{' '}
          <CountLink value={counts.withdrawn} href={link({ stage: 'withdrawn' })} label="withdrawn" />
        </p>
        {report.jobs.length > 1 && (
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-job`} className="text-sm font-medium text-slate-700">
              Funnel of
            </label>
            <select
              id={`${id}-job`}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className={`${inputClass()} w-56 py-1.5`}
            >
              <option value={ALL}>All jobs</option>
              {report.jobs.map((item) => (
                <option key={item.jdid} value={item.jdid}>
                  {item.jdname}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <BarList rows={rows} testId="funnel-bars" />
      <p className="mt-4 text-xs text-slate-500">
        Invites sent <CountLink value={counts.facts.invitesSent} href={link({ fact: 'inviteSent' })} label="invites sent" /> · Slots booked{' '}
        <CountLink value={counts.facts.slotsBooked} href={link({ fact: 'slotBooked' })} label="slots booked" /> · AI interviews completed{' '}
        <CountLink value={counts.facts.interviewsCompleted} href={link({ fact: 'interviewDone' })} label="AI interviews completed" />. A
        candidate a person moved past Invited, Scheduled or Interviewed counts as reaching them without an invite or interview ("passed
        without it").
      </p>
    </ReportSection>
  );
}
