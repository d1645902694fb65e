import type { DragEvent } from 'react';
import { Link } from 'react-router';

import { cn } from '@/components/ui/cn';
import { InterviewStatusBadge } from '@/components/ui/interview-status-badge';
import { paths } from '@/config/paths';
import { formatDateTime, formatElapsed } from '@/lib/date-time';
import { sourceLabel } from '@/lib/sources';
import { endsCandidacy } from '@/lib/stages';

import type { BoardCard } from '../api/types';
import { cardName } from '../lib/decision';
import { allowedTargets } from '../lib/moves';
import { nextStep } from '../lib/next-step';
import { MoveMenu } from './move-menu';
import type { MoveChoice } from './move-menu';

export type BoardCardViewProps = {
  card: BoardCard;
  dragging: boolean;
  busy: boolean;
  onDragStart: (card: BoardCard) => void;
  onDragEnd: () => void;
  onChoose: (card: BoardCard, choice: MoveChoice) => void;
};

/**
 * One candidate on the board: name (to their analysis), ATS score, how long they have been in
 * the stage, how they came (applied, uploaded, CSV), the next step, the interview outcome and the
 * "Move to…" menu.
 */
export function BoardCardView({ card, dragging, busy, onDragStart, onDragEnd, onChoose }: BoardCardViewProps) {
  const name = cardName(card);
  const age = formatElapsed(card.stageChangedAt);
  const next = nextStep(card);
  const startDrag = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData('text/plain', String(card.resumeId));
    event.dataTransfer.effectAllowed = 'move';
    onDragStart(card);
  };
  return (
    <li
      draggable={!busy}
      onDragStart={startDrag}
      onDragEnd={onDragEnd}
      data-testid="board-card"
      data-resume-id={card.resumeId}
      className={cn(
        'cursor-grab rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 active:cursor-grabbing',
        dragging && 'opacity-50',
        busy && 'cursor-wait opacity-60',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={paths.candidateAnalysis(String(card.resumeId), card.callId || '0')}
          draggable={false}
          title={name}
          className="min-w-0 truncate text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {name}
        </Link>
        <span className="flex shrink-0 items-baseline gap-1 text-xs text-slate-600">
          {age && (
            <span data-testid="card-age" title={`In this stage since ${formatDateTime(card.stageChangedAt, { withZone: true })}`}>
              <span className="sr-only">In this stage for </span>
              {age}
              <span aria-hidden="true"> ·</span>
            </span>
          )}
          <span data-testid="card-score" className="tabular-nums">
            <span className="sr-only">ATS score </span>
            {card.atsScore === null ? '—' : `${card.atsScore}%`}
          </span>
        </span>
      </div>
      {endsCandidacy(card.stage) && card.stageReason && (
        <p className="mt-1 line-clamp-2 text-xs text-slate-600" title={card.stageReason}>
          {card.stageReason}
        </p>
      )}
      <div className="mt-1.5 flex items-center gap-2">
        <InterviewStatusBadge value={card.interviewStatus} hideEmpty />
        <span data-testid="card-source" className="shrink-0 text-xs text-slate-600">
          <span className="sr-only">Source: </span>
          {sourceLabel(card.source)}
          {next && <span aria-hidden="true"> ·</span>}
        </span>
        {next && (
          <span data-testid="card-next" className="min-w-0 flex-1 truncate text-xs text-slate-600" title={`Next: ${next}`}>
            <span className="sr-only">Next: </span>
            {next}
          </span>
        )}
        <span className="ml-auto shrink-0">
          <MoveMenu
            candidateName={name}
            targets={allowedTargets(card.stage, card.systemStage)}
            disabled={busy}
            onChoose={(choice) => onChoose(card, choice)}
          />
        </span>
      </div>
    </li>
  );
}
