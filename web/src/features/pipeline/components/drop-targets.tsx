import { useState } from 'react';
import type { DragEvent } from 'react';

import { cn } from '@/components/ui/cn';
import { stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

import type { BoardCard } from '../api/types';
import { allowedTargets, needsReason } from '../lib/moves';

export type DropTargetsProps = {
  /** The card being dragged; nothing is shown without one. */
  dragged: BoardCard | null;
  onDrop: (stage: Stage) => void;
};

/**
 * While a card is dragged, the stages it may go to as drop targets floating over the bottom of
 * the window: a column far off screen is reached without pushing the card against the edge.
 * Over the page rather than in it, so nothing under the pointer moves when it appears.
 */
export function DropTargets({ dragged, onDrop }: DropTargetsProps) {
  const [over, setOver] = useState<Stage | null>(null);
  if (!dragged) return null;
  const targets = allowedTargets(dragged.stage, dragged.systemStage);
  if (targets.length === 0) return null;

  const accept = (stage: Stage) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(stage);
  };

  return (
    <div
      data-testid="drop-targets"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-3xl flex-wrap items-center justify-center gap-2 rounded-2xl bg-white/95 p-3 shadow-xl ring-1 ring-slate-200"
    >
      <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Drop on</span>
      {targets.map((stage) => (
        <span
          key={stage}
          data-testid="drop-target"
          data-stage={stage}
          onDragEnter={accept(stage)}
          onDragOver={accept(stage)}
          onDragLeave={() => setOver((value) => (value === stage ? null : value))}
          onDrop={(event) => {
            event.preventDefault();
            setOver(null);
            onDrop(stage);
          }}
          className={cn(
            'rounded-lg border-2 border-dashed px-4 py-3 text-sm font-semibold transition-colors',
            needsReason(stage) ? 'border-red-300 text-red-800' : 'border-brand-300 text-brand-800',
            over === stage && (needsReason(stage) ? 'bg-red-50' : 'bg-brand-50'),
          )}
        >
          {stageLabel(stage)}
        </span>
      ))}
    </div>
  );
}
