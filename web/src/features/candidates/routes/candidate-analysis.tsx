import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ChevronDownIcon, FileTextIcon, MailIcon, PhoneIcon, TrashIcon } from '@/components/ui/icons';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { AttemptsList } from '@/components/interview-evidence/attempts';
import { toSource } from '@/lib/sources';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';

import { resumeFileIdOf, useDeleteResume } from '../api/delete-resume';
import { useInterviewAnalysis } from '../api/get-interview-analysis';
import { useResumeDetails } from '../api/get-resume-details';
import { candidateKeys, type ResumeDetails } from '../api/types';
import { ApplicationDetails } from '../components/application-details';
import { NameCheck, OcrBadge } from '../components/reading-notes';
import {
  ATS_RECOMMENDATION,
  InterviewStatusBadge,
  InviteStatusBadge,
  SourceBadge,
  isPass,
  recommendationLabel,
} from '../components/badges';
import { InterviewAnalysisBody, InterviewAnalysisSkeleton } from '../components/interview-analysis';
import { NextStepDetailsView } from '../components/next-step-details';
import { ViewResumeLink } from '../components/resume-viewer';
import { ScoreBar } from '../components/score-bar';
import { toInviteStatus } from '../lib/invites';

export const DELETE_CONFIRM = 'Are you sure you want to delete this resume?';
export const DELETE_DONE = 'Resume deleted successfully.';
export const DELETE_FAILED = 'Failed to delete resume.';
export const FILE_ID_MISSING = 'Resume file ID missing.';
export const NO_ANALYSIS = 'No analysis available for this candidate';
export const NO_ANALYSIS_HINT = 'Analysis data will appear here once it becomes available';

function Chips({ label, items, tone }: { label: string; items: string[]; tone: 'good' | 'bad' }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">{label}</h4>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None</p>
      ) : (
        <ul aria-label={label} className="mt-2 flex flex-wrap gap-1.5">
          {items.map((skill) => (
            <li
              key={skill}
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
                tone === 'good' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200',
              )}
            >
              {skill}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Collapsible({
  title,
  open,
  onToggle,
  children,
  aside,
}: {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = `section-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    // Named by the toggle alone, so a badge in the heading row does not change the section's name.
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 className="flex items-center justify-between gap-3 px-5 py-4">
        <button
          id={`${id}-title`}
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
          className="flex flex-1 items-center gap-2 text-left text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ChevronDownIcon className={cn('transition-transform', !open && '-rotate-90')} />
          {title}
        </button>
        {aside}
      </h2>
      {open && (
        <div id={id} className="border-t border-slate-100 px-5 py-5">
          {children}
        </div>
      )}
    </section>
  );
}

/** A real call id: the lists link '0' for none, and older links may carry 'null' or 'undefined'. */
export function usableCallId(value: string | null | undefined): string | null {
  const id = (value ?? '').trim();
  return id && !['0', 'null', 'undefined'].includes(id.toLowerCase()) ? id : null;
}

type Sections = { resume: boolean; interview: boolean; nextStep: boolean };

/**
 * A section another feature adds to the page (composed in by the app layer, as features do not
 * import each other). It opens and closes like the page's own, Expand All / Collapse All included.
 */
export type ExtraSection = {
  key: string;
  title: string;
  /** Right after Interview Analysis, or at the end of the page. */
  placement: 'afterInterview' | 'end';
  content: ReactNode;
};

export type CandidateAnalysisRouteProps = {
  /** The candidate's further sections (scorecards, timeline). */
  extraSections?: (resumeId: string) => ExtraSection[];
  /** The candidate's stage and its actions (the pipeline's), under the contacts. */
  stageBar?: (candidate: { jdid: string; resumeId: number }) => ReactNode;
};

function EmptyAnalysis({ title = NO_ANALYSIS, hint = NO_ANALYSIS_HINT }: { title?: string; hint?: string }) {
  return (
    <div
      data-testid="no-analysis"
      className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center"
    >
      <p className="font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
    </div>
  );
}

function Skeleton() {
  return (
    <div data-testid="analysis-skeleton" aria-busy="true" aria-label="Loading analysis" className="space-y-4">
      <div className="h-8 w-1/2 animate-pulse rounded bg-slate-200" />
      <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
      <div className="h-48 animate-pulse rounded-xl bg-slate-200" />
      <div className="h-24 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}

/** The Resume Analysis body, or the state that replaces it (unreadable, pending, no analysis, score 0). */
function ResumeAnalysis({ details }: { details: ResumeDetails }) {
  const status = details.analysisStatus;
  if (status === 'unreadable' || status === 'failed') {
    return (
      <EmptyAnalysis
        title={status === 'unreadable' ? 'This resume could not be read' : 'The analysis failed'}
        hint={details.analysisError ?? NO_ANALYSIS_HINT}
      />
    );
  }
  if (status === 'queued' || status === 'analysing') return <EmptyAnalysis title="Analysis in progress" hint={NO_ANALYSIS_HINT} />;
  // SPEC section 2: an ATS score of 0 shows the no-analysis state.
  if (!details.atsScore) return <EmptyAnalysis />;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ScoreBar label="ATS Score" value={details.atsScore} />
        <ScoreBar label="Skills Match" value={details.skillsMatchScore} />
      </div>
      {details.experienceYears !== null && (
        <p className="text-sm text-slate-600">
          Experience: {details.experienceYears} years{details.requiredYears !== null ? ` (required ${details.requiredYears})` : ''}
        </p>
      )}
      <div>
        <h3 className="text-sm font-semibold text-slate-800">ATS Analysis</h3>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{details.analysisSummary}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Chips label="Matched skills" items={details.matchedSkills} tone="good" />
        <Chips label="Missing skills" items={details.missingSkills} tone="bad" />
      </div>
    </div>
  );
}

/**
 * Candidate analysis (/candidate/analysis/{resumeId}/{callId}): contacts,
 * View Resume, delete, the Resume Analysis section, the Interview Analysis
 * section when the candidate has a call, and the candidate's next-step
 * answers once submitted.
 */
export function CandidateAnalysisRoute({ extraSections, stageBar }: CandidateAnalysisRouteProps = {}) {
  const { resumeId = '', callId: routeCallId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = useResumeDetails(resumeId);
  const deleteResume = useDeleteResume();
  const goBack = useGoBack(paths.candidates);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [open, setOpen] = useState<Sections>({ resume: true, interview: true, nextStep: true });
  // Extra sections start open: only the ones closed are kept.
  const [extraClosed, setExtraClosed] = useState<Record<string, boolean>>({});

  const data = details.data ?? null;
  // The link's call id wins; a link without one (e.g. from search) falls back to the resume's.
  const callId = usableCallId(routeCallId) ?? usableCallId(data?.callId);
  const interview = useInterviewAnalysis(callId);

  // Fetch failures show the no-analysis screen (SPEC section 8); log them.
  useEffect(() => {
    if (details.error) console.error('Failed to load resume details', details.error);
  }, [details.error]);

  // SPEC section 8: a failed interview analysis hides its section; only the log keeps it.
  useEffect(() => {
    if (interview.error) console.error('Failed to load the interview analysis', interview.error);
  }, [interview.error]);

  // Another attempt now counts: the candidate's call changed, and the page follows it.
  const onCounted = (counted: string) => {
    void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    void navigate(paths.candidateAnalysis(resumeId, counted), { replace: true });
  };

  const onDelete = async () => {
    const fileId = data ? resumeFileIdOf(data) : null;
    if (!fileId) {
      setConfirmingDelete(false);
      toast.error(FILE_ID_MISSING);
      return;
    }
    try {
      await deleteResume.mutateAsync({ resumeFileId: fileId });
      toast.success(DELETE_DONE, { keepOnNavigation: true });
      goBack();
    } catch {
      toast.error(DELETE_FAILED);
    } finally {
      setConfirmingDelete(false);
    }
  };

  const trail = (current: string) => [{ label: 'Candidate List', to: paths.candidates }, { label: current }];

  if (details.isPending) {
    return (
      <PageFrame title="Candidate Analysis" onBack={goBack} breadcrumbs={trail('Candidate Analysis')}>
        <title>Candidate Analysis · Hirelane</title>
        <Skeleton />
      </PageFrame>
    );
  }

  const showInterview = callId !== null && !interview.isError;
  const nextStep = data?.nextStepDetails ?? null;
  const inviteStatus = toInviteStatus(data?.inviteStatus);
  const interviewDateTime = data?.interviewDateTime ?? null;
  // Expand All / Collapse All act on the sections on the page.
  const shown: Array<keyof Sections> = [
    'resume',
    ...(showInterview ? (['interview'] as const) : []),
    ...(nextStep ? (['nextStep'] as const) : []),
  ];
  const extras = extraSections?.(resumeId) ?? [];
  const allOpen = shown.every((section) => open[section]) && extras.every((extra) => !extraClosed[extra.key]);
  const toggle = (section: keyof Sections) => () => setOpen((value) => ({ ...value, [section]: !value[section] }));
  const setAll = (value: boolean) => {
    setOpen({ resume: value, interview: value, nextStep: value });
    setExtraClosed(value ? {} : Object.fromEntries(extras.map((extra) => [extra.key, true])));
  };
  const renderExtras = (placement: ExtraSection['placement']) =>
    extras
      .filter((extra) => extra.placement === placement)
      .map((extra) => (
        <Collapsible
          key={extra.key}
          title={extra.title}
          open={!extraClosed[extra.key]}
          onToggle={() => setExtraClosed((value) => ({ ...value, [extra.key]: !value[extra.key] }))}
        >
          {extra.content}
        </Collapsible>
      ));

  return (
    <PageFrame
      title={data?.candidateName || 'Candidate Analysis'}
      description={data?.jobName}
      onBack={goBack}
      breadcrumbs={trail(data?.candidateName || 'Candidate Analysis')}
      actions={
        data && (
          <button
            type="button"
            aria-label="Delete resume"
            title="Delete resume"
            disabled={deleteResume.isPending}
            onClick={() => setConfirmingDelete(true)}
            className="rounded-lg p-2 text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
          >
            <TrashIcon />
          </button>
        )
      }
    >
      <title>{`${data?.candidateName || 'Candidate Analysis'} · Hirelane`}</title>

      {!data ? (
        <div className="mt-6">
          <EmptyAnalysis />
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            <SourceBadge source={toSource(data.source)} />
            <NameCheck confidence={data.nameConfidence} />
            <OcrBadge ocr={data.ocr} />
            {data.candidateEmail && (
              <a href={`mailto:${data.candidateEmail}`} className="inline-flex items-center gap-1.5 text-brand-700 hover:underline">
                <MailIcon width={16} height={16} />
                {data.candidateEmail}
              </a>
            )}
            {data.candidatePhone && (
              <span className="inline-flex items-center gap-1.5 text-slate-700">
                <PhoneIcon width={16} height={16} />
                {data.candidatePhone}
              </span>
            )}
            {data.filePath && (
              <ViewResumeLink
                resumeFileId={data.resumeFileId}
                filePath={data.filePath}
                candidateName={data.candidateName}
                className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
              >
                <FileTextIcon width={16} height={16} />
                View Resume
              </ViewResumeLink>
            )}
            {/* Without the next-step section, the invite's state would appear nowhere else. */}
            {!nextStep && inviteStatus && (
              <span className="inline-flex items-center gap-2 text-slate-700">
                <InviteStatusBadge status={inviteStatus} interviewDateTime={interviewDateTime} />
              </span>
            )}
            <button
              type="button"
              onClick={() => setAll(!allOpen)}
              className="ml-auto text-sm font-semibold text-slate-700 hover:text-slate-900 hover:underline"
            >
              {allOpen ? 'Collapse All' : 'Expand All'}
            </button>
          </div>

          {data.jdid && stageBar?.({ jdid: data.jdid, resumeId: data.resumeId })}

          {data.application && <ApplicationDetails application={data.application} />}

          <div className="mt-5 space-y-4">
            <Collapsible
              title="Resume Analysis"
              open={open.resume}
              onToggle={toggle('resume')}
              aside={
                data.analysisStatus === 'done' && data.atsScore > 0 ? (
                  <span className="inline-flex items-center gap-2 text-xs font-medium text-slate-600">
                    {ATS_RECOMMENDATION}
                    <span
                      data-testid="selection-badge"
                      className={cn(
                        'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                        isPass(data.recommendation)
                          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                          : 'bg-red-50 text-red-800 ring-red-200',
                      )}
                    >
                      {recommendationLabel(data.recommendation)}
                    </span>
                  </span>
                ) : undefined
              }
            >
              <ResumeAnalysis details={data} />
            </Collapsible>

            {showInterview && (
              <Collapsible
                title="Interview Analysis"
                open={open.interview}
                onToggle={toggle('interview')}
                aside={
                  interview.data ? (
                    <InterviewStatusBadge value={interview.data.interviewStatus} hideEmpty testId="interview-status-badge" />
                  ) : undefined
                }
              >
                <div className="space-y-4">
                  <AttemptsList resumeId={resumeId} onCounted={onCounted} />
                  {interview.data ? <InterviewAnalysisBody analysis={interview.data} /> : <InterviewAnalysisSkeleton />}
                </div>
              </Collapsible>
            )}

            {renderExtras('afterInterview')}

            {nextStep && (
              <Collapsible title="Next Step Details" open={open.nextStep} onToggle={toggle('nextStep')}>
                <NextStepDetailsView details={nextStep} inviteStatus={inviteStatus} interviewDateTime={interviewDateTime} />
              </Collapsible>
            )}

            {renderExtras('end')}
          </div>
        </>
      )}
      <Dialog open={confirmingDelete} title="Delete resume" onClose={() => setConfirmingDelete(false)} busy={deleteResume.isPending}>
        <p className="mt-2 text-sm text-slate-700">{DELETE_CONFIRM}</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirmingDelete(false)} disabled={deleteResume.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void onDelete()} loading={deleteResume.isPending}>
            {deleteResume.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </PageFrame>
  );
}

export { CandidateAnalysisRoute as Component };
