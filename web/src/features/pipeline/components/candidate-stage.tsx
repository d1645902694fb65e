import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatDateTime, formatElapsed } from '@/lib/date-time';
import { endsCandidacy, stageLabel } from '@/lib/stages';

import { useCandidateCard } from '../api/get-candidate-card';
import { useMoveChoice } from '../hooks/use-move-choice';
import { cardName } from '../lib/decision';
import { allowedTargets, canMove } from '../lib/moves';
import { nextStep } from '../lib/next-step';
import { MoveMenu } from './move-menu';

export const STAGE_FAILED = 'The stage could not be loaded.';
export const NOT_ON_BOARD = 'Not on the board';

export type CandidateStageProps = { jdid: string; resumeId: number };

/**
 * The candidate page's stage bar: where the candidate stands (and for how long), the next step,
 * and the board's actions with the board's rules and dialogs: "Move to…" (undoing a decision
 * included where allowed, advances with an e-mail) and "Reject with e-mail".
 */
export function CandidateStage({ jdid, resumeId }: CandidateStageProps) {
  const card = useCandidateCard(jdid, resumeId);
  const { choose, busyIds, dialog } = useMoveChoice();

  const frame = 'mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200';
  if (card.isPending) {
    return <div aria-busy="true" aria-label="Loading the stage" className={cn(frame, 'h-14 animate-pulse')} />;
  }
  if (card.isError && card.data === undefined) {
    return (
      <div role="alert" className={cn(frame, 'text-red-800')}>
        <span>{STAGE_FAILED}</span>
        <Button variant="secondary" loading={card.isFetching} onClick={() => void card.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const current = card.data ?? null;
  if (!current) {
    return (
      <div data-testid="candidate-stage" className={cn(frame, 'text-slate-600')}>
        {NOT_ON_BOARD}
      </div>
    );
  }

  const name = cardName(current);
  const ended = endsCandidacy(current.stage);
  const age = formatElapsed(current.stageChangedAt);
  const next = nextStep(current);
  const busy = busyIds.has(current.resumeId);
  return (
    <section aria-label="Stage" data-testid="candidate-stage" className={frame}>
      <span className="inline-flex items-center gap-2">
        <span className="font-medium text-slate-600">Stage</span>
        <span
          data-testid="current-stage"
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            ended ? 'bg-slate-100 text-slate-700 ring-slate-300' : 'bg-brand-50 text-brand-800 ring-brand-200',
          )}
        >
          {stageLabel(current.stage)}
        </span>
        {age && (
          <span className="text-xs text-slate-600" title={`Since ${formatDateTime(current.stageChangedAt, { withZone: true })}`}>
            for {age}
          </span>
        )}
      </span>
      {ended && current.stageReason && (
        <span className="min-w-0 truncate text-slate-700" title={current.stageReason}>
          Reason: {current.stageReason}
        </span>
      )}
      {next && <span className="text-slate-700">Next: {next}</span>}
      <span className="ml-auto flex items-center gap-2">
        <MoveMenu
          candidateName={name}
          targets={allowedTargets(current.stage, current.systemStage)}
          disabled={busy}
          onChoose={(choice) => choose(current, choice)}
        />
        {canMove(current.stage, 'rejected') && (
          <Button variant="danger" disabled={busy} onClick={() => choose(current, { stage: 'rejected', withEmail: true })}>
            Reject with e-mail
          </Button>
        )}
      </span>
      {dialog}
    </section>
  );
}
