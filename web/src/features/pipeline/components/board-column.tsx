import { useId, useState } from 'react';
import type { DragEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

import { useBoardColumnMore } from '../api/get-board';
import type { BoardCard, BoardColumn } from '../api/types';
import { BoardCardView } from './board-card';
import type { MoveChoice } from './move-menu';

export type BoardColumnViewProps = {
  jdid: string;
  column: BoardColumn;
  /** The card being dragged, if any. */
  dragged: BoardCard | null;
  /** Whether the dragged card may be dropped here. */
  accepts: boolean;
  busyIds: ReadonlySet<number>;
  onDragStart: (card: BoardCard) => void;
  onDragEnd: () => void;
  onDrop: (stage: BoardColumn['stage']) => void;
  onChoose: (card: BoardCard, choice: MoveChoice) => void;
};

/** A stage's column: heading with the count, its cards, "Show more" while the count exceeds them, and a drop zone. */
export function BoardColumnView({
  jdid,
  column,
  dragged,
  accepts,
  busyIds,
  onDragStart,
  onDragEnd,
  onDrop,
  onChoose,
}: BoardColumnViewProps) {
  const headingId = useId();
  const [over, setOver] = useState(false);
  const [showMore, setShowMore] = useState(false);
  const more = useBoardColumnMore(jdid, column.stage, column.cards.length, { enabled: showMore });

  // The board's first cards, then the pages fetched since, each candidate once (a move may shift offsets).
  const seen = new Set<number>();
  const cards = [...column.cards, ...(showMore ? (more.data?.pages.flat() ?? []) : [])].filter((card) =>
    seen.has(card.resumeId) ? false : (seen.add(card.resumeId), true),
  );
  const hasMore = column.count > cards.length && (!showMore || more.hasNextPage || more.isPending);

  const dragOver = (event: DragEvent<HTMLElement>) => {
    if (!dragged || !accepts) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (dragged && accepts) onDrop(column.stage);
  };

  return (
    <section
      aria-labelledby={headingId}
      data-testid="board-column"
      data-stage={column.stage}
      onDragOver={dragOver}
      onDragEnter={dragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
      className={cn(
        'flex w-72 shrink-0 flex-col rounded-xl bg-slate-100 p-3 ring-1 ring-inset ring-slate-200 transition-colors',
        dragged && accepts && 'ring-2 ring-brand-300',
        over && 'bg-brand-50 ring-brand-500',
        dragged && !accepts && dragged.stage !== column.stage && 'opacity-60',
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-800">
        <span>{column.label}</span>
        <span
          data-testid="column-count"
          className="rounded-full bg-white px-2 py-0.5 text-xs tabular-nums text-slate-700 ring-1 ring-inset ring-slate-200"
        >
          <span className="sr-only">Candidates: </span>
          {column.count}
        </span>
      </h2>
      {cards.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-700">No candidates</p>
      ) : (
        <ul aria-label={`${column.label} candidates`} className="mt-3 space-y-2">
          {cards.map((card) => (
            <BoardCardView
              key={card.resumeId}
              card={card}
              dragging={dragged?.resumeId === card.resumeId}
              busy={busyIds.has(card.resumeId)}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onChoose={onChoose}
            />
          ))}
        </ul>
      )}
      {hasMore && (
        <Button
          variant="ghost"
          className="mt-2 w-full py-1.5"
          loading={showMore && more.isFetching}
          onClick={() => (showMore ? void more.fetchNextPage() : setShowMore(true))}
        >
          Show more ({column.count - cards.length})
        </Button>
      )}
    </section>
  );
}
