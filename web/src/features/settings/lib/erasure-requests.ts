/** How Settings › Erasure requests names a request's state and its decision. */
import { formatDate } from '@/lib/date-time';

import type { ErasureConfirmed, ErasureRequest } from '../api/types';

export type ErasureState = 'pending' | 'erased' | 'declined';

const LABELS: Record<ErasureState, string> = { pending: 'Pending', erased: 'Erased', declined: 'Declined' };

/** The longest reason the server keeps with a declined request. */
export const DECLINE_REASON_MAX = 500;
export const DECLINE_REASON_REQUIRED = 'Please say why the data is kept.';
export const DECLINE_REASON_TOO_LONG = `The reason cannot exceed ${DECLINE_REASON_MAX} characters.`;

/** The request's state; anything the server adds later reads as decided, never as waiting. */
export function erasureState(request: Pick<ErasureRequest, 'state'>): ErasureState {
  return request.state === 'pending' || request.state === 'declined' ? request.state : 'erased';
}

export function stateLabel(state: ErasureState): string {
  return LABELS[state];
}

/** "Erased by Ada Admin on Mar 2, 2026"; null while waiting. */
export function decisionLine({ state, decidedBy, decidedAt }: Pick<ErasureRequest, 'state' | 'decidedBy' | 'decidedAt'>): string | null {
  const current = erasureState({ state });
  if (current === 'pending') return null;
  const by = decidedBy?.trim() ? ` by ${decidedBy.trim()}` : '';
  const on = decidedAt ? ` on ${formatDate(decidedAt)}` : '';
  return `${stateLabel(current)}${by}${on}`;
}

/** Why Decline cannot be sent yet, or null. */
export function declineReasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return DECLINE_REASON_REQUIRED;
  return [...trimmed].length > DECLINE_REASON_MAX ? DECLINE_REASON_TOO_LONG : null;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** What a confirmed erasure removed, for the toast: "Erased 2 candidate records, 2 files, 1 interview call and 3 e-mails." */
export function erasedSummary({
  candidates,
  files,
  calls,
  mails,
}: Pick<ErasureConfirmed, 'candidates' | 'files' | 'calls' | 'mails'>): string {
  const parts = [
    plural(candidates, 'candidate record', 'candidate records'),
    plural(files, 'file', 'files'),
    plural(calls, 'interview call', 'interview calls'),
    plural(mails, 'e-mail', 'e-mails'),
  ];
  return `Erased ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`;
}
