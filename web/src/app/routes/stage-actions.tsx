/** The pipeline's stage moves for a candidate list's selected rows (features cannot import each other). */
import type { SelectionActionsSlot } from '@/features/candidates/lib/selection-actions';
import type { DecisionCandidate } from '@/features/pipeline/api/types';
import { BulkStageActions } from '@/features/pipeline/components/bulk-stage-actions';

export const renderStageActions: SelectionActionsSlot = ({ selected, onDone }) => {
  // A row without a stage (an older server) cannot be moved: the move needs the stage it was seen in.
  const candidates: DecisionCandidate[] = selected.flatMap(({ resumeId, name, stage }) =>
    stage ? [{ resumeId, name, fromStage: stage }] : [],
  );
  return <BulkStageActions candidates={candidates} onMoved={onDone} />;
};
