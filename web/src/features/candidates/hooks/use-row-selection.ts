import { useCallback, useMemo, useState } from 'react';

import type { SelectedCandidate } from '../lib/invites';

type State = { listKey: string; rows: ReadonlyMap<number, SelectedCandidate> };

const EMPTY: ReadonlyMap<number, SelectedCandidate> = new Map();

/**
 * The selected rows of a candidate list, by resume id. It lives in the list
 * page, so it survives page and filter changes (only the URL changes); a
 * different list (`listKey`, e.g. another JD) starts empty.
 */
export function useRowSelection(listKey: string) {
  const [state, setState] = useState<State>({ listKey, rows: EMPTY });
  // Derived during render rather than reset in an effect: no frame shows the old list's selection.
  const rows = state.listKey === listKey ? state.rows : EMPTY;

  const update = useCallback(
    (change: (rows: Map<number, SelectedCandidate>) => void) =>
      setState((current) => {
        const next = new Map(current.listKey === listKey ? current.rows : EMPTY);
        change(next);
        return { listKey, rows: next };
      }),
    [listKey],
  );

  const toggle = useCallback(
    (row: SelectedCandidate, selected: boolean) =>
      update((next) => {
        if (selected) next.set(row.resumeId, row);
        else next.delete(row.resumeId);
      }),
    [update],
  );

  const setMany = useCallback(
    (list: ReadonlyArray<SelectedCandidate>, selected: boolean) =>
      update((next) => {
        for (const row of list) {
          if (selected) next.set(row.resumeId, row);
          else next.delete(row.resumeId);
        }
      }),
    [update],
  );

  const remove = useCallback((resumeIds: ReadonlyArray<number>) => update((next) => resumeIds.forEach((id) => next.delete(id))), [update]);
  const clear = useCallback(() => update((next) => next.clear()), [update]);

  return useMemo(
    () => ({
      selected: [...rows.values()],
      count: rows.size,
      isSelected: (resumeId: number) => rows.has(resumeId),
      toggle,
      setMany,
      remove,
      clear,
    }),
    [rows, toggle, setMany, remove, clear],
  );
}

export type RowSelection = ReturnType<typeof useRowSelection>;
