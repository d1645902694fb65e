/** The Candidate List with the pipeline's stage moves for the selected rows composed in. */
import { CandidateListRoute } from '@/features/candidates/routes/candidate-list';

import { renderStageActions } from './stage-actions';

export function CandidateListPage() {
  return <CandidateListRoute renderSelectionActions={renderStageActions} />;
}

export { CandidateListPage as Component };
