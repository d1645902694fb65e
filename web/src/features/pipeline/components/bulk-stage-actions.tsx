import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { isStage, stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';
import { toast } from '@/lib/toast';

import type { DecisionCandidate, MoveResult } from '../api/types';
import { useStageMove } from '../hooks/use-stage-move';
import { LIST_TARGETS, canMove, needsReason } from '../lib/moves';
import { DecisionDialog } from './decision-dialog';

export type BulkStageActionsProps = {
  /** The selected candidates, each with the stage the list showed. */
  candidates: DecisionCandidate[];
  /** After a move: the candidates that moved (the list clears them from its selection). */
  onMoved: (resumeIds: number[]) => void;
};

type Decision = { stage: Stage; emailByDefault: boolean };

/** 'Asha (Screened) cannot move to Offer.', or null when everyone can. */
export function blockedMessage(candidates: ReadonlyArray<DecisionCandidate>, stage: Stage): string | null {
  const blocked = candidates.filter((candidate) => !canMove(candidate.fromStage, stage));
  if (blocked.length === 0) return null;
  const names = blocked.map((candidate) => `${candidate.name} (${stageLabel(candidate.fromStage)})`).join(', ');
  return `${names} cannot move to ${stageLabel(stage)}.`;
}

/**
 * A candidate list's stage actions for the selected rows: "Move to…" a person's stage
 * (Withdrawn asks for a reason) and "Reject with e-mail". A move is all or nothing, so a
 * selection with someone who cannot make it is refused before anything is sent.
 */
export function BulkStageActions({ candidates, onMoved }: BulkStageActionsProps) {
  const selectId = useId();
  const { move, isPending } = useStageMove();
  const [target, setTarget] = useState<Stage | ''>('');
  const [decision, setDecision] = useState<Decision | null>(null);

  if (candidates.length === 0) return null;

  const reportMoved = (result: MoveResult) => onMoved(result.moved.map((moved) => moved.resumeId));

  const start = (stage: Stage, emailByDefault: boolean) => {
    const blocked = blockedMessage(candidates, stage);
    if (blocked) {
      toast.error(blocked);
      return;
    }
    if (emailByDefault || needsReason(stage)) {
      setDecision({ stage, emailByDefault });
      return;
    }
    move({ candidates, stage }, { onMoved: reportMoved });
  };

  return (
    <div
      data-testid="stage-actions"
      className="flex flex-col gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-end"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium whitespace-nowrap text-slate-700">
          Move selected to
        </label>
        <select
          id={selectId}
          value={target}
          onChange={(event) => setTarget(isStage(event.target.value) ? event.target.value : '')}
          className="rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-200 focus:outline-none"
        >
          <option value="">Choose a stage</option>
          {LIST_TARGETS.map((stage) => (
            <option key={stage} value={stage}>
              {stageLabel(stage)}
            </option>
          ))}
        </select>
        <Button variant="secondary" disabled={!target} loading={isPending} onClick={() => target && start(target, false)}>
          Move
        </Button>
      </div>
      <Button variant="danger" onClick={() => start('rejected', true)} disabled={isPending}>
        Reject with e-mail
      </Button>

      <DecisionDialog
        stage={decision?.stage ?? null}
        candidates={candidates}
        emailByDefault={decision?.emailByDefault}
        onClose={() => setDecision(null)}
        onMoved={reportMoved}
      />
    </div>
  );
}
