import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';

import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { InterviewEvidence } from '@/components/interview-evidence/interview-evidence';
import { InterviewScores } from '@/components/interview-evidence/interview-scores';

import { useInterviewAnalysis } from '../api/calls';
import { structuredDataOf } from '../api/types';
import { statusTone } from '../lib/voice-rules';

const tones = {
  green: 'bg-green-100 text-green-800 ring-green-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </div>
  );
}

function Bullets({ items }: { items?: string[] }) {
  if (!items || items.length === 0) return <p>-</p>;
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

/** Interview Analysis (/analysis/:id): everything stored about one interview. */
export function InterviewAnalysisRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const back = from === paths.callHistory ? paths.callHistory : paths.interviewHistory;
  const analysis = useInterviewAnalysis(id);
  const backLink = (
    <Link to={back} className="text-sm font-semibold text-brand-600 hover:underline">
      Back to Call History
    </Link>
  );
  const trail = (current: string) => [{ label: 'Call history', to: back }, { label: current }];

  if (analysis.isPending) return <PageSpinner label="Loading analysis…" />;
  if (analysis.isError || !analysis.data) {
    return (
      <PageFrame title="Analysis not available" breadcrumbs={trail('Interview Analysis')} actions={backLink}>
        <p className="mt-6 rounded-xl bg-white px-6 py-14 text-center text-sm text-slate-600 ring-1 ring-slate-200">
          Interview analysis is not available for this call.
        </p>
      </PageFrame>
    );
  }
  const a = analysis.data;
  const data = structuredDataOf(a.structuredData);
  const info = data.candidateInformation ?? {};
  const insights = data.summaryInsights ?? {};
  const performance = data.interviewPerformance ?? {};
  return (
    <PageFrame
      title={`Interview Analysis${a.candidateName ? ` – ${a.candidateName}` : ''}`}
      breadcrumbs={trail(a.candidateName || 'Interview Analysis')}
      actions={
        <>
          <span
            data-testid="interview-status"
            className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${tones[statusTone(a.interviewStatus)]}`}
          >
            {a.interviewStatus}
          </span>
          {backLink}
        </>
      }
    >
      <title>Interview Analysis · Hirelane</title>
      <div className="mt-6 space-y-4">
        <InterviewScores analysis={a} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Section title="Candidate Information">
            <p>{info.fullName ?? a.candidateName ?? '-'}</p>
            {info.yearsOfExperience !== undefined && (
              <p>
                {info.yearsOfExperience} year{info.yearsOfExperience === 1 ? '' : 's'} of experience
              </p>
            )}
          </Section>
          <Section title="Experience">
            <p>{a.experience || '-'}</p>
          </Section>
          <Section title="Key Skills">
            <p>{a.keySkills || '-'}</p>
          </Section>
          <Section title="Key Takeaways">
            <p>{a.keyTakeways || '-'}</p>
          </Section>
          <Section title="Key Insights">
            <p>{insights.keyInsights ?? '-'}</p>
          </Section>
          <Section title="Areas for Improvement">
            <p>{insights.areasForImprovement ?? '-'}</p>
          </Section>
          <Section title="Recommendations">
            <p>{insights.recommendations ?? '-'}</p>
          </Section>
          <Section title="Strengths">
            <Bullets items={performance.strengths} />
          </Section>
          <Section title="Weaknesses">
            <Bullets items={performance.weaknesses} />
          </Section>
        </div>
        <Section title="Summary">
          <p className="whitespace-pre-line">{a.summary || '-'}</p>
        </Section>
        <InterviewEvidence analysis={a} />
      </div>
    </PageFrame>
  );
}

export { InterviewAnalysisRoute as Component };
