import { sourceLabel } from '@/lib/sources';

import type { HiringReport } from '../api/get-hiring-report';
import { candidatesLink, formatShare } from '../lib/report';
import { BarList, CountLink } from './bars';
import { ReportSection, tableClass } from './report-section';

/** How each source performs: candidates, the ATS Pass rate, the interviewed and the hired. */
export function SourcesReport({ report, jdId, onDownload }: { report: HiringReport; jdId: string; onDownload: () => Promise<void> }) {
  const period = { from: report.from, to: report.to };
  const job = jdId || undefined;
  const rows = report.sources.map((row) => ({
    key: row.source,
    label: sourceLabel(row.source),
    value: row.candidates,
    valueText: row.candidates.toLocaleString(),
    href: candidatesLink(period, { job, source: row.source }),
    note: `${formatShare(row.passRate)} Pass`,
  }));
  return (
    <ReportSection
      title="Source effectiveness"
      description="Candidates by how they came in: applied on the job page, uploaded by a recruiter, or from a CSV list."
      testId="sources-report"
      onDownload={onDownload}
      table={
        <table className={tableClass}>
          <caption className="sr-only">Candidates by source</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Candidates</th>
              <th scope="col">Pass rate</th>
              <th scope="col">Interviewed</th>
              <th scope="col">Hired</th>
            </tr>
          </thead>
          <tbody>
            {report.sources.map((row) => {
              const label = sourceLabel(row.source);
              const source = row.source;
              return (
                <tr key={source}>
                  <th scope="row">{label}</th>
                  <td>
                    <CountLink value={row.candidates} href={candidatesLink(period, { job, source })} label={`${label} candidates`} />
                  </td>
                  <td className="tabular-nums">
                    {formatShare(row.passRate)} (
                    <CountLink
                      value={row.passed}
                      href={candidatesLink(period, { job, source, recommendation: 'Pass' })}
                      label={`${label} Pass`}
                    />{' '}
                    of {row.analysed.toLocaleString()})
                  </td>
                  <td>
                    <CountLink
                      value={row.interviewed}
                      href={candidatesLink(period, { job, source, fact: 'interviewDone' })}
                      label={`${label} interviewed`}
                    />
                  </td>
                  <td>
                    <CountLink value={row.hired} href={candidatesLink(period, { job, source, stage: 'hired' })} label={`${label} hired`} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      }
    >
      <BarList rows={rows} testId="source-bars" />
    </ReportSection>
  );
}
