import { useLocation, useNavigate, useParams } from 'react-router';

import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { toSource } from '@/lib/sources';
import { toStage } from '@/lib/stages';
import { useLogError } from '@/lib/use-log-error';

import { useJdInfo } from '../api/get-jd-info';
import { useJdResumes, useJdResumesPage } from '../api/get-jd-resumes';
import type { JdCandidatesState, JdResume } from '../api/types';
import { AnalysisProgressView } from '../components/analysis-progress';
import { isPass } from '../components/badges';
import { CandidateInvites } from '../components/candidate-invites';
import { CandidatesState } from '../components/candidates-state';
import { CandidateTable } from '../components/candidate-table';
import type { CandidateRow } from '../components/candidate-table';
import { ListToolbar } from '../components/list-toolbar';
import { Pagination } from '../components/pagination';
import { ScoreChart } from '../components/score-chart';
import { useListFilters } from '../hooks/use-list-filters';
import { useRowSelection } from '../hooks/use-row-selection';
import { analysisProgress } from '../lib/analysis-progress';
import { toInviteStatus } from '../lib/invites';
import { PAGE_SIZES } from '../lib/list-filters';
import type { SelectionActionsSlot } from '../lib/selection-actions';

const toRow = (resume: JdResume, jdname: string): CandidateRow => ({
  resumeId: resume.resumeId,
  jobDescId: resume.jobDescId ?? resume.jdid,
  jdname,
  callId: resume.callId,
  name: resume.candidateName,
  email: resume.candidateEmail,
  phone: resume.candidatePhone,
  score: resume.atsScore ?? resume.overallMatchPercentage,
  recommendation: resume.recommendation,
  interviewStatus: resume.interviewStatus,
  inviteStatus: toInviteStatus(resume.inviteStatus),
  interviewDateTime: resume.interviewDateTime ?? null,
  createdOn: resume.createdOn,
  analysisStatus: resume.analysisStatus,
  analysisError: resume.analysisError,
  nameConfidence: resume.nameConfidence,
  ocr: resume.ocr,
  stage: toStage(resume.stage),
  stageReason: resume.stageReason,
  source: toSource(resume.source),
});

/**
 * Candidates of one JD (/candidate-details/{jdid}, state jobDescId and jdname):
 * live analysis progress and the score distribution of its resumes (none for
 * CSV candidates, who are never analysed), a server-paged and filtered table,
 * interview invites for the selected rows or every Pass candidate, and
 * (through `renderSelectionActions`) stage moves for the selected rows.
 */
export function JdCandidatesRoute({ renderSelectionActions }: { renderSelectionActions?: SelectionActionsSlot } = {}) {
  const { jdid = '' } = useParams();
  const navigate = useNavigate();
  const navState = (useLocation().state ?? null) as JdCandidatesState | null;
  const [filters, setFilters] = useListFilters();
  const jd = useJdInfo(jdid);
  const all = useJdResumes(jdid);
  const page = useJdResumesPage(jdid, filters);
  const selection = useRowSelection(jdid);

  useLogError(page.error, 'Failed to load candidates');

  const name = jd.data?.jdname ?? navState?.jdname ?? '';
  const rows = (page.data?.items ?? []).map((resume) => toRow(resume, name));
  const total = page.data?.total ?? 0;
  const progress = analysisProgress((all.data ?? []).map((row) => row.analysisStatus));
  // The server takes the numeric id or the folder id; the count is only known once every row is loaded.
  const allPass = {
    jobDescId: jd.data?.jobDescId ?? navState?.jobDescId ?? jdid,
    label: name || 'this JD',
    passCount: all.data ? all.data.filter((row) => isPass(row.recommendation)).length : null,
  };

  return (
    <PageFrame
      title="Candidates"
      description={name || undefined}
      onBack={() => void navigate(paths.jd(jdid), { state: { jdname: name, jobDescId: jd.data?.jobDescId ?? navState?.jobDescId } })}
      breadcrumbs={[
        { label: 'JD Folders', to: paths.folders },
        { label: name || 'Job Description', to: paths.jd(jdid), state: { jdname: name } },
        { label: 'Candidates' },
      ]}
    >
      <title>{`${name ? `${name} · ` : ''}Candidates · Hirelane`}</title>

      <div className="mt-4 space-y-3">
        {progress.total > 0 && <AnalysisProgressView progress={progress} />}
        {progress.total > 0 && <ScoreChart scores={(all.data ?? []).map((row) => (row.analysisStatus === 'done' ? row.atsScore : null))} />}
        <ListToolbar filters={filters} onChange={setFilters} />
        <CandidateInvites selection={selection} allPass={allPass} />
        {renderSelectionActions?.({ selected: selection.selected, onDone: selection.remove })}
        <CandidatesState query={page} isEmpty={rows.length === 0}>
          <CandidateTable rows={rows} selection={selection} sort={filters.sort} onSort={(sort) => setFilters({ sort })} />
          <Pagination
            page={filters.page}
            total={total}
            pageSize={filters.pageSize}
            onPage={(p) => setFilters({ page: p })}
            pageSizes={PAGE_SIZES}
            onPageSize={(pageSize) => setFilters({ pageSize })}
          />
        </CandidatesState>
      </div>
    </PageFrame>
  );
}

export { JdCandidatesRoute as Component };
