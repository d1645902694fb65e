import { useState } from 'react';
import { useLocation, useParams } from 'react-router';

import { AlertIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import type { Stage } from '@/lib/stages';
import { useLogError } from '@/lib/use-log-error';

import { useBoard } from '../api/get-board';
import type { BoardCard } from '../api/types';
import { BoardColumnView } from '../components/board-column';
import { DropTargets } from '../components/drop-targets';
import { useMoveChoice } from '../hooks/use-move-choice';
import { canMove } from '../lib/moves';

const INVALID_ID = 'Invalid JD ID.';
export const BOARD_FAILED = 'The board could not be loaded.';

/**
 * A JD's board (/jd/{jdid}/board): a column per stage with its count and newest cards. A card
 * moves by dragging it to another column or through its "Move to…" menu; Rejected and
 * Withdrawn ask for a reason first, and a rejection or an advance may e-mail the candidate.
 */
export function BoardRoute() {
  const { jdid = '' } = useParams();
  const navState = (useLocation().state ?? null) as { jdname?: string } | null;
  const board = useBoard(jdid);
  const { choose, busyIds, dialog } = useMoveChoice();
  const [dragged, setDragged] = useState<BoardCard | null>(null);

  const invalid = isApiError(board.error) && (board.error.status === 404 || board.error.status === 400);
  // Other fetch failures are logged; the page offers Retry.
  useLogError(invalid ? null : board.error, 'Failed to load the board');

  const name = board.data?.jdname ?? navState?.jdname ?? '';

  // A drop (on a column or a floating target) is the quick way: no e-mail; Rejected and
  // Withdrawn still ask for the reason.
  const drop = (stage: Stage) => {
    if (dragged) choose(dragged, { stage, withEmail: false });
    setDragged(null);
  };

  const breadcrumbs = [
    { label: 'JD Folders', to: paths.folders },
    { label: name || 'Job Description', to: paths.jd(jdid), state: { jdname: name } },
    { label: 'Board' },
  ];

  if (invalid) {
    return (
      <PageFrame title="Board" breadcrumbs={breadcrumbs}>
        <title>Invalid JD · Hirelane</title>
        <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
          <AlertIcon className="shrink-0" />
          <p className="font-medium">{INVALID_ID}</p>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={name || 'Board'}
      breadcrumbs={breadcrumbs}
      description={
        board.data && (
          <span data-testid="board-total">
            Board · {board.data.total} {board.data.total === 1 ? 'candidate' : 'candidates'}. Drag a card to another column, or use its
            “Move to…” menu.
          </span>
        )
      }
    >
      <title>{`${name ? `${name} · ` : ''}Board · Hirelane`}</title>

      <ListState
        query={board}
        loading={<PageSpinner label="Loading board…" />}
        errorMessage={BOARD_FAILED}
        errorClassName="mt-6"
        // Every stage has its column, so a board without candidates is still a board.
        isEmpty={false}
        empty={null}
      >
        {/* Relative: the columns' screen-reader labels (absolutely placed) stay inside the scroller
            instead of stretching the whole page sideways. */}
        <div className="relative -mx-4 mt-6 overflow-x-auto px-4 pb-4" data-testid="board">
          <div className="flex items-start gap-4">
            {board.data?.columns.map((column) => (
              <BoardColumnView
                key={column.stage}
                jdid={jdid}
                column={column}
                dragged={dragged}
                accepts={dragged !== null && canMove(dragged.stage, column.stage, dragged.systemStage)}
                busyIds={busyIds}
                onDragStart={setDragged}
                onDragEnd={() => setDragged(null)}
                onDrop={drop}
                onChoose={choose}
              />
            ))}
          </div>
        </div>
      </ListState>

      <DropTargets dragged={dragged} onDrop={drop} />
      {dialog}
    </PageFrame>
  );
}

export { BoardRoute as Component };
