import { useCallback } from 'react';

import type { Stage } from '@/lib/stages';
import { toast } from '@/lib/toast';

import { isStageChanged, moveErrorMessage, useMoveCandidates } from '../api/move-candidates';
import type { DecisionCandidate, MoveBody, MoveResult } from '../api/types';
import { movedSummary, notEmailedSummary } from '../lib/decision';

export type StageMoveOptions = {
  onMoved?: (result: MoveResult) => void;
  /** A refusal other than a conflict; without it the message is a toast. */
  onRefused?: (message: string) => void;
  /** A candidate's stage changed meanwhile (the toast is shown either way). */
  onConflict?: () => void;
  /** After either outcome. */
  onSettled?: () => void;
};

/**
 * Sends a move and reports it: a success toast (and who was not e-mailed), or the server's
 * refusal. A 409 (a stage changed meanwhile) is always an error toast: the board and lists are
 * fetched again, so what the recruiter sees is current. Other refusals go to `onRefused` when
 * given (the dialog shows them in place), else to a toast.
 */
export function useStageMove() {
  const mutation = useMoveCandidates();
  const { mutateAsync } = mutation;
  const move = useCallback(
    (
      { candidates, stage, reason, email }: { candidates: DecisionCandidate[]; stage: Stage } & Pick<MoveBody, 'reason' | 'email'>,
      { onMoved, onRefused, onConflict, onSettled }: StageMoveOptions = {},
    ) => {
      const body: MoveBody = { candidates: candidates.map(({ resumeId, fromStage }) => ({ resumeId, fromStage })), stage };
      if (reason) body.reason = reason;
      if (email) body.email = email;
      // mutateAsync, not mutate: each move reports itself even when another one started meanwhile.
      void mutateAsync(body)
        .then((result) => {
          toast.success(movedSummary(result, stage, candidates));
          const missed = notEmailedSummary(result, candidates);
          if (missed) toast.warning(missed);
          onMoved?.(result);
        })
        .catch((error: unknown) => {
          const message = moveErrorMessage(error);
          if (isStageChanged(error)) {
            toast.error(message);
            onConflict?.();
          } else if (onRefused) {
            onRefused(message);
          } else {
            toast.error(message);
          }
        })
        .finally(() => onSettled?.());
    },
    [mutateAsync],
  );
  return { move, isPending: mutation.isPending };
}

export type StageMove = ReturnType<typeof useStageMove>['move'];
