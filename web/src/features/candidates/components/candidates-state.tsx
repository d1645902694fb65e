import type { ReactNode } from 'react';

import { ListState } from '@/components/ui/list-state';
import type { ListStateProps } from '@/components/ui/list-state';
import { PageSpinner } from '@/components/ui/spinner';

export const NO_CANDIDATES = 'No candidates found';
export const CANDIDATES_FAILED = 'The candidates could not be loaded.';

/** A candidate list's loading, failed and empty states around its rows (both lists share them). */
export function CandidatesState({ query, isEmpty, children }: { query: ListStateProps['query']; isEmpty: boolean; children: ReactNode }) {
  return (
    <ListState
      query={query}
      loading={<PageSpinner label="Loading candidates…" />}
      errorMessage={CANDIDATES_FAILED}
      isEmpty={isEmpty}
      empty={
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center font-medium text-slate-700">
          {NO_CANDIDATES}
        </p>
      }
    >
      {children}
    </ListState>
  );
}
