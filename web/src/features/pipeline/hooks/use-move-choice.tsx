import { useState } from 'react';

import type { BoardCard, DecisionCandidate } from '../api/types';
import { DecisionDialog } from '../components/decision-dialog';
import type { MoveChoice } from '../components/move-menu';
import { toDecisionCandidate } from '../lib/decision';
import { needsReason } from '../lib/moves';
import { useStageMove } from './use-stage-move';

type Decision = { stage: MoveChoice['stage']; candidates: DecisionCandidate[]; emailByDefault: boolean };

/**
 * What a "Move to…" choice does, wherever it is made (a board card, the candidate's page): a
 * move with an e-mail, to Rejected or to Withdrawn opens the decision dialog (reason, e-mail);
 * any other move goes at once. `dialog` is that dialog, to be rendered once by the caller.
 */
export function useMoveChoice() {
  const { move } = useStageMove();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  const choose = (card: BoardCard, { stage, withEmail }: MoveChoice) => {
    if (withEmail || needsReason(stage)) {
      setDecision({ stage, candidates: [toDecisionCandidate(card)], emailByDefault: withEmail });
      return;
    }
    const resumeId = card.resumeId;
    setBusyIds((ids) => new Set(ids).add(resumeId));
    const done = () =>
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(resumeId);
        return next;
      });
    // A refusal of a direct move is a toast with the server's message.
    move({ candidates: [toDecisionCandidate(card)], stage }, { onSettled: done });
  };

  const dialog = (
    <DecisionDialog
      stage={decision?.stage ?? null}
      candidates={decision?.candidates ?? []}
      emailByDefault={decision?.emailByDefault}
      onClose={() => setDecision(null)}
    />
  );

  return { choose, busyIds, dialog };
}
