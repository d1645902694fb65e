import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';

import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, ExternalLinkIcon, MailIcon, PhoneIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/lib/toast';

import { resumeFileIdOf, useDeleteResume } from '../api/delete-resume';
import { useResumeDetails } from '../api/get-resume-details';
import type { ResumeDetails } from '../api/types';
import { isPass } from '../components/badges';

export const DELETE_CONFIRM = 'Are you sure you want to delete this resume?';
export const DELETE_DONE = 'Resume deleted successfully.';
export const DELETE_FAILED = 'Failed to delete resume.';
export const FILE_ID_MISSING = 'Resume file ID missing.';
export const NO_ANALYSIS = 'No analysis available for this candidate';
export const NO_ANALYSIS_HINT = 'Analysis data will appear here once it becomes available';

function Bar({ label, value }: { label: string; value: number }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="font-semibold tabular-nums text-slate-900">{clamped}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped} className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className={cn('h-full rounded-full', clamped >= 60 ? 'bg-emerald-500' : clamped >= 40 ? 'bg-amber-500' : 'bg-red-500')} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}

function Chips({ label, items, tone }: { label: string; items: string[]; tone: 'good' | 'bad' }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">{label}</h4>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None</p>
      ) : (
        <ul aria-label={label} className="mt-2 flex flex-wrap gap-1.5">
          {items.map((skill) => (
            <li key={skill} className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tone === 'good' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200')}>
              {skill}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Collapsible({ title, open, onToggle, children, aside }: { title: string; open: boolean; onToggle: () => void; children: ReactNode; aside?: ReactNode }) {
  const id = `section-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="flex items-center justify-between gap-3 px-5 py-4">
        <button type="button" aria-expanded={open} aria-controls={id} onClick={onToggle} className="flex flex-1 items-center gap-2 text-left text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
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

function EmptyAnalysis({ title = NO_ANALYSIS, hint = NO_ANALYSIS_HINT }: { title?: string; hint?: string }) {
  return (
    <div data-testid="no-analysis" className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
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
    return <EmptyAnalysis title={status === 'unreadable' ? 'This resume could not be read' : 'The analysis failed'} hint={details.analysisError ?? NO_ANALYSIS_HINT} />;
  }
  if (status === 'queued' || status === 'analysing') return <EmptyAnalysis title="Analysis in progress" hint={NO_ANALYSIS_HINT} />;
  // SPEC section 2: an ATS score of 0 shows the no-analysis state.
  if (!details.atsScore) return <EmptyAnalysis />;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Bar label="ATS Score" value={details.atsScore} />
        <Bar label="Skills Match" value={details.skillsMatchScore} />
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
 * View Resume, delete, and the Resume Analysis section. The Interview
 * Analysis section (calls) is built by the Voice work in the marked slot.
 */
export function CandidateAnalysisRoute() {
  const { resumeId = '', callId = '0' } = useParams();
  const navigate = useNavigate();
  const details = useResumeDetails(resumeId);
  const deleteResume = useDeleteResume();
  const [open, setOpen] = useState({ resume: true, interview: true });

  // Fetch failures show the no-analysis screen (SPEC section 8); log them.
  useEffect(() => {
    if (details.error) console.error('Failed to load resume details', details.error);
  }, [details.error]);

  const data = details.data ?? null;
  const onDelete = async () => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    const fileId = data ? resumeFileIdOf(data) : null;
    if (!fileId) {
      toast.error(FILE_ID_MISSING);
      return;
    }
    try {
      await deleteResume.mutateAsync({ resumeFileId: fileId });
      toast.success(DELETE_DONE);
      await navigate(-1);
    } catch {
      toast.error(DELETE_FAILED);
    }
  };

  if (details.isPending) {
    return (
      <section aria-labelledby="page-title" className="mx-auto w-full max-w-4xl">
        <title>Candidate Analysis · Hirelane</title>
        <h1 id="page-title" className="sr-only">Candidate Analysis</h1>
        <Skeleton />
      </section>
    );
  }

  const hasCall = callId !== '0' && callId !== '' && Boolean(data?.callId ?? callId);
  const bothOpen = open.resume && open.interview;

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-4xl">
      <title>{`${data?.candidateName || 'Candidate Analysis'} · Hirelane`}</title>
      <PageHeader
        title={data?.candidateName || 'Candidate Analysis'}
        description={data?.jobName}
        onBack={() => void navigate(-1)}
        actions={
          data && (
            <button
              type="button"
              aria-label="Delete resume"
              title="Delete resume"
              disabled={deleteResume.isPending}
              onClick={() => void onDelete()}
              className="rounded-lg p-2 text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
            >
              <TrashIcon />
            </button>
          )
        }
      />

      {!data ? (
        <div className="mt-6">
          <EmptyAnalysis />
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
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
              <a href={data.filePath} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline">
                <ExternalLinkIcon width={16} height={16} />
                View Resume
              </a>
            )}
            <button
              type="button"
              onClick={() => setOpen({ resume: !bothOpen, interview: !bothOpen })}
              className="ml-auto text-sm font-semibold text-slate-700 hover:text-slate-900 hover:underline"
            >
              {bothOpen ? 'Collapse All' : 'Expand All'}
            </button>
          </div>

          <div className="mt-5 space-y-4">
            <Collapsible
              title="Resume Analysis"
              open={open.resume}
              onToggle={() => setOpen((value) => ({ ...value, resume: !value.resume }))}
              aside={
                data.analysisStatus === 'done' && data.atsScore > 0 ? (
                  <span
                    data-testid="selection-badge"
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      isPass(data.recommendation) ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200',
                    )}
                  >
                    {isPass(data.recommendation) ? 'Selected' : 'Not Selected'}
                  </span>
                ) : undefined
              }
            >
              <ResumeAnalysis details={data} />
            </Collapsible>

            {/* ── Interview Analysis slot ──────────────────────────────────────────
                Built by the Voice issue: shown only when the candidate has a call
                (callId ≠ 0). Render the interview section here, collapsed and
                expanded by `open.interview`. */}
            {hasCall && (
              <Collapsible title="Interview Analysis" open={open.interview} onToggle={() => setOpen((value) => ({ ...value, interview: !value.interview }))}>
                <div data-testid="interview-analysis-slot">
                  <EmptyAnalysis title="Interview analysis is not available yet" hint="It appears here once the interview call has been analysed." />
                </div>
              </Collapsible>
            )}
          </div>
        </>
      )}
    </section>
  );
}

export { CandidateAnalysisRoute as Component };
