import type { ReactNode } from 'react';

import type { SelectedCandidate } from './invites';

/**
 * Actions on a list's selected rows that another feature provides (the pipeline's stage moves),
 * composed in by the app layer: features do not import each other. `onDone` clears the rows
 * that were acted on from the selection.
 */
export type SelectionActionsSlot = (props: { selected: SelectedCandidate[]; onDone: (resumeIds: number[]) => void }) => ReactNode;
