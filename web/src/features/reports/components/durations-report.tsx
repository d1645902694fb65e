import type { HiringReport } from '../api/get-hiring-report';
import { candidatesLink, formatDays } from '../lib/report';
import { BarList, CountLink } from './bars';
import { ReportSection, tableClass } from './report-section';

/** Median and 90th-percentile days in each stage, and the time to hire and to the first interview. */
export function DurationsReport({ report, jdId, onDownload }: { report: HiringReport; jdId: string; onDownload: () => Promise<void> }) {
  const period = { from: report.from, to: report.to };
  const job = jdId || undefined;
  const rows = report.stageDays.map((stage) => ({
    key: stage.stage,
    label: stage.label,
    value: stage.medianDays ?? 0,
    valueText: formatDays(stage.medianDays),
    note: stage.count > 0 ? `p90 ${formatDays(stage.p90Days)}` : undefined,
  }));
  const times = [
    { key: 'hire', label: 'Time to hire', spread: report.timeToHire, href: candidatesLink(period, { job, stage: 'hired' }), what: 'hired' },
    {
      key: 'interview',
      label: 'Time to first interview',
      spread: report.timeToFirstInterview,
      href: candidatesLink(period, { job, fact: 'interviewDone' }),
      what: 'interviewed',
    },
  ];
  return (
    <ReportSection
      title="Time in stage"
      description="Median days candidates spent in each stage before they left it (the 90th percentile beside it), and from being added to hired or to their completed AI interview."
      testId="durations-report"
      onDownload={onDownload}
      table={
        <table className={tableClass}>
          <caption className="sr-only">Days in each stage</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Stays counted</th>
              <th scope="col">Median</th>
              <th scope="col">90th percentile</th>
            </tr>
          </thead>
          <tbody>
            {report.stageDays.map((stage) => (
              <tr key={stage.stage}>
                <th scope="row">{stage.label}</th>
                <td>
                  <CountLink
                    value={stage.count}
                    href={candidatesLink(period, { job, reached: stage.stage })}
                    label={`reached ${stage.label}`}
                  />
                </td>
                <td className="tabular-nums">{formatDays(stage.medianDays)}</td>
                <td className="tabular-nums">{formatDays(stage.p90Days)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <dl className="mb-5 grid gap-3 sm:grid-cols-2">
        {times.map((time) => (
          <div key={time.key} className="rounded-lg bg-slate-50 p-4" data-testid={`time-${time.key}`}>
            <dt className="text-sm font-medium text-slate-700">{time.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{formatDays(time.spread.medianDays)}</dd>
            <dd className="text-xs text-slate-600">
              median · p90 {formatDays(time.spread.p90Days)} · over{' '}
              <CountLink value={time.spread.count} href={time.href} label={time.what} /> {time.what}
            </dd>
          </div>
        ))}
      </dl>
      <BarList rows={rows} testId="stage-days" />
    </ReportSection>
  );
}
