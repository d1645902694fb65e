import { queryOptions, useQuery } from '@tanstack/react-query';

import { getBoard, getBoardColumnCards } from './get-board';
import { pipelineKeys } from './types';
import type { BoardCard } from './types';

/**
 * One candidate's card (stage, the stage they may go back to, when it changed), read from their
 * JD's board: the candidate's own record does not carry the stage. A column longer than the
 * board's first page is read on until the candidate is found. Null when they are on no column.
 */
export async function getCandidateCard({
  jdid,
  resumeId,
  signal,
}: {
  jdid: string;
  resumeId: number;
  signal?: AbortSignal;
}): Promise<BoardCard | null> {
  const board = await getBoard({ jdid, signal });
  const isTheCandidate = (card: BoardCard) => card.resumeId === resumeId;
  for (const column of board.columns) {
    const found = column.cards.find(isTheCandidate);
    if (found) return found;
  }
  for (const column of board.columns) {
    for (let offset = column.cards.length; offset < column.count;) {
      const cards = await getBoardColumnCards({ jdid, stage: column.stage, offset, signal });
      const found = cards.find(isTheCandidate);
      if (found) return found;
      if (cards.length === 0) break;
      offset += cards.length;
    }
  }
  return null;
}

export const candidateCardQueryOptions = (jdid: string, resumeId: number) =>
  queryOptions({
    // Under the board's key: a move (which refreshes every pipeline query) refreshes it too.
    queryKey: pipelineKeys.candidate(jdid, resumeId),
    queryFn: ({ signal }) => getCandidateCard({ jdid, resumeId, signal }),
    staleTime: 0,
  });

export function useCandidateCard(jdid: string, resumeId: number) {
  return useQuery(candidateCardQueryOptions(jdid, resumeId));
}
