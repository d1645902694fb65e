import type { HiringReport } from '../api/get-hiring-report';
import { candidatesLink, formatShare } from '../lib/report';
import type { CandidateFilter } from '../lib/report';
import { CountLink } from './bars';
import { ReportSection, tableClass } from './report-section';

type InterviewFact = NonNullable<CandidateFilter['fact']>;

/** AI interview completion and no-show rates. */
export function InterviewsReport({ report, jdId, onDownload }: { report: HiringReport; jdId: string; onDownload: () => Promise<void> }) {
  const period = { from: report.from, to: report.to };
  const job = jdId || undefined;
  const { interviews } = report;
  const link = (fact: InterviewFact) => candidatesLink(period, { job, fact });
  const links = {
    inviteSent: link('inviteSent'),
    interviewDone: link('interviewDone'),
    interviewDue: link('interviewDue'),
    noShow: link('noShow'),
  };
  const rates = [
    {
      key: 'completion',
      label: 'Completion rate',
      share: interviews.completionRate,
      detail: (
        <>
          <CountLink value={interviews.completed} href={links.interviewDone} label="completed" /> completed of{' '}
          <CountLink value={interviews.invitesSent} href={links.inviteSent} label="invited" /> invited
        </>
      ),
    },
    {
      key: 'no-show',
      label: 'No-show rate',
      share: interviews.noShowRate,
      detail: (
        <>
          <CountLink value={interviews.noShows} href={links.noShow} label="no-shows" /> of{' '}
          <CountLink value={interviews.due} href={links.interviewDue} label="due" /> booked interviews whose time has passed
        </>
      ),
    },
  ];
  return (
    <ReportSection
      title="AI interviews"
      description="How the AI interviews of the period's candidates went: completed of those invited, and booked slots nobody joined."
      testId="interviews-report"
      onDownload={onDownload}
      table={
        <table className={tableClass}>
          <caption className="sr-only">AI interview numbers</caption>
          <tbody>
            <tr>
              <th scope="row">Invites sent</th>
              <td>
                <CountLink value={interviews.invitesSent} href={links.inviteSent} label="invited" />
              </td>
            </tr>
            <tr>
              <th scope="row">Completed</th>
              <td>
                <CountLink value={interviews.completed} href={links.interviewDone} label="completed" />
              </td>
            </tr>
            <tr>
              <th scope="row">Booked and due</th>
              <td>
                <CountLink value={interviews.due} href={links.interviewDue} label="due" />
              </td>
            </tr>
            <tr>
              <th scope="row">No-shows</th>
              <td>
                <CountLink value={interviews.noShows} href={links.noShow} label="no-shows" />
              </td>
            </tr>
          </tbody>
        </table>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        {rates.map((rate) => (
          <div key={rate.key} className="rounded-lg bg-slate-50 p-4" data-testid={`rate-${rate.key}`}>
            <dt className="text-sm font-medium text-slate-700">{rate.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{formatShare(rate.share)}</dd>
            <dd className="text-xs text-slate-600">{rate.detail}</dd>
          </div>
        ))}
      </dl>
    </ReportSection>
  );
}

/** Scorecards and decisions per recruiter in the period. */
export function RecruitersReport({ report, jdId, onDownload }: { report: HiringReport; jdId: string; onDownload: () => Promise<void> }) {
  const period = { from: report.from, to: report.to };
  const job = jdId || undefined;
  const table = (
    <table className={tableClass}>
      <caption className="sr-only">Recruiter activity</caption>
      <thead>
        <tr>
          <th scope="col">Recruiter</th>
          <th scope="col">Scorecards</th>
          <th scope="col">Decisions</th>
        </tr>
      </thead>
      <tbody>
        {report.recruiters.map((person) => (
          <tr key={person.recruiterId}>
            <th scope="row">{person.name}</th>
            <td>
              <CountLink
                value={person.scorecards}
                href={candidatesLink(period, { job, scorecardBy: person.recruiterId })}
                label={`scorecards by ${person.name}`}
              />
            </td>
            <td>
              <CountLink
                value={person.decisions}
                href={candidatesLink(period, { job, decidedBy: person.recruiterId })}
                label={`decisions by ${person.name}`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ReportSection
      title="Recruiter activity"
      description="Scorecards written and decisions made (candidates moved between stages) in the period."
      testId="recruiters-report"
      onDownload={onDownload}
      table={table}
    >
      {report.recruiters.length === 0 ? <p className="text-sm text-slate-600">No scorecards or decisions in this period.</p> : table}
    </ReportSection>
  );
}
