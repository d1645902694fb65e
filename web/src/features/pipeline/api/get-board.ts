import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { Stage } from '@/lib/stages';

import { pipelineKeys } from './types';
import type { Board, BoardCard } from './types';

/** Cards per column in one answer (the server's default). */
export const BOARD_PAGE_SIZE = 50;

/** A JD's board: every stage with its count and its newest cards. */
export function getBoard({ jdid, signal }: { jdid: string; signal?: AbortSignal }): Promise<Board> {
  return data(api.GET('/Pipeline/Board', { params: { query: { jdId: jdid } }, signal }));
}

/** More cards of one column, from `offset` ("Show more"). */
export async function getBoardColumnCards({
  jdid,
  stage,
  offset,
  signal,
}: {
  jdid: string;
  stage: Stage;
  offset: number;
  signal?: AbortSignal;
}): Promise<BoardCard[]> {
  const board = await data(
    api.GET('/Pipeline/Board', { params: { query: { jdId: jdid, stage, offset, limit: BOARD_PAGE_SIZE } }, signal }),
  );
  return board.columns.find((column) => column.stage === stage)?.cards ?? [];
}

export const boardQueryOptions = (jdid: string) =>
  queryOptions({ queryKey: pipelineKeys.board(jdid), queryFn: ({ signal }) => getBoard({ jdid, signal }), staleTime: 0 });

export function useBoard(jdid: string) {
  return useQuery(boardQueryOptions(jdid));
}

export const boardColumnQueryOptions = (jdid: string, stage: Stage, start: number) =>
  infiniteQueryOptions({
    queryKey: pipelineKeys.column(jdid, stage, start),
    queryFn: ({ pageParam, signal }) => getBoardColumnCards({ jdid, stage, offset: pageParam, signal }),
    initialPageParam: start,
    getNextPageParam: (last, _pages, lastParam) => (last.length < BOARD_PAGE_SIZE ? undefined : lastParam + last.length),
  });

/** The cards of a column after the board's first ones; fetched only once `enabled` ("Show more" was pressed). */
export function useBoardColumnMore(jdid: string, stage: Stage, start: number, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...boardColumnQueryOptions(jdid, stage, start), enabled });
}
