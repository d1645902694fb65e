import { useMemo } from 'react';

import { PageFrame } from '@/components/ui/page-frame';
import { useFolders } from '@/lib/queries/folders';
import { toSource } from '@/lib/sources';
import { toStage } from '@/lib/stages';
import { useLogError } from '@/lib/use-log-error';

import { useAllCandidates } from '../api/get-all-candidates';
import type { AnyCandidate } from '../api/types';
import { CandidateInvites } from '../components/candidate-invites';
import { CandidatesState } from '../components/candidates-state';
import { CandidateTable } from '../components/candidate-table';
import type { CandidateRow } from '../components/candidate-table';
import { ListToolbar } from '../components/list-toolbar';
import { Pagination } from '../components/pagination';
import { useListFilters } from '../hooks/use-list-filters';
import { useRowSelection } from '../hooks/use-row-selection';
import { toInviteStatus } from '../lib/invites';
import { PAGE_SIZES } from '../lib/list-filters';
import type { SelectionActionsSlot } from '../lib/selection-actions';

const toRow = (candidate: AnyCandidate): CandidateRow => ({
  resumeId: candidate.resumeId,
  // Older rows may lack jobDescId; the JD's folder id is accepted too.
  jobDescId: candidate.jobDescId ?? candidate.jdid,
  callId: candidate.callId,
  name: candidate.candidateName,
  email: candidate.candidateEmail,
  phone: candidate.candidatePhone,
  jdname: candidate.jdname,
  score: candidate.atsscore,
  recommendation: candidate.recommendation,
  interviewStatus: candidate.interviewStatus,
  inviteStatus: toInviteStatus(candidate.inviteStatus),
  interviewDateTime: candidate.interviewDateTime ?? null,
  createdOn: candidate.uploadedAt,
  analysisStatus: candidate.analysisStatus,
  stage: toStage(candidate.stage),
  stageReason: candidate.stageReason,
  source: toSource(candidate.source),
});

/**
 * Candidate List (/candidates): every JD's candidates, newest first, paged,
 * sorted and filtered (by JD too) on the server. Selected rows (kept across
 * pages) can be invited to an AI interview (the invites go out per JD) or,
 * through `renderSelectionActions`, moved to another hiring stage.
 */
export function CandidateListRoute({ renderSelectionActions }: { renderSelectionActions?: SelectionActionsSlot } = {}) {
  const [filters, setFilters] = useListFilters();
  const list = useAllCandidates(filters);
  const selection = useRowSelection('all');
  const folders = useFolders();
  const jobs = useMemo(
    () =>
      (folders.data ?? []).map((folder) => ({ value: folder.jdid, label: folder.jdname })).sort((a, b) => a.label.localeCompare(b.label)),
    [folders.data],
  );

  useLogError(list.error, 'Failed to load candidates');

  const rows = (list.data?.items ?? []).map(toRow);
  return (
    <PageFrame title="Candidate List" description="Candidates of every job description.">
      <title>Candidate List · Hirelane</title>
      <div className="mt-4 space-y-3">
        <ListToolbar filters={filters} onChange={setFilters} jobs={jobs} />
        <CandidateInvites selection={selection} />
        {renderSelectionActions?.({ selected: selection.selected, onDone: selection.remove })}
        <CandidatesState query={list} isEmpty={rows.length === 0}>
          <CandidateTable rows={rows} showJob selection={selection} sort={filters.sort} onSort={(sort) => setFilters({ sort })} />
          <Pagination
            page={filters.page}
            total={list.data?.total ?? 0}
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

export { CandidateListRoute as Component };
