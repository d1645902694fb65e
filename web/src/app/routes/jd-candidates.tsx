/** A JD's candidate list with the pipeline's stage moves for the selected rows composed in. */
import { JdCandidatesRoute } from '@/features/candidates/routes/jd-candidates';

import { renderStageActions } from './stage-actions';

export function JdCandidatesPage() {
  return <JdCandidatesRoute renderSelectionActions={renderStageActions} />;
}

export { JdCandidatesPage as Component };
