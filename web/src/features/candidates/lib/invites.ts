import type { Stage } from '@/lib/stages';

import type { InviteBatch, InviteOutcome } from '../api/send-invites';
import type { InviteStatus, SkippedInvite } from '../api/types';

/**
 * A selected row: what is needed to invite it (and to warn about a Fail
 * recommendation first), to move it to another stage and to name it.
 */
export type SelectedCandidate = {
  resumeId: number;
  jobDescId: number | string;
  jdname: string;
  name: string;
  stage?: Stage | null;
  recommendation?: string | null;
};

/** SPEC section 4: any recommendation but Pass is a Fail; none (a CSV candidate, an unread resume) is neither. */
export function isFail(recommendation: string | null | undefined): boolean {
  const value = (recommendation ?? '').trim().toLowerCase();
  return value !== '' && value !== 'pass';
}

/** One SendInvites call per JD, in the order the JDs were first selected. */
export function groupByJd(selected: ReadonlyArray<SelectedCandidate>): InviteBatch[] {
  const batches = new Map<string, InviteBatch & { resumeIds: number[] }>();
  for (const row of selected) {
    const key = String(row.jobDescId);
    const batch = batches.get(key) ?? { jobDescId: row.jobDescId, label: row.jdname || `JD ${key}`, resumeIds: [] };
    batch.resumeIds.push(row.resumeId);
    batches.set(key, batch);
  }
  return [...batches.values()];
}

/** 'Invites sent: 3 · re-sent: 1 · skipped: 1'. */
export function inviteSummary({ sent, resent, skipped }: Pick<InviteOutcome, 'sent' | 'resent' | 'skipped'>): string {
  return `Invites sent: ${sent} · re-sent: ${resent} · skipped: ${skipped.length}`;
}

/** 'Jane Doe: No e-mail address' (a nameless row is named by its resume id). */
export function skippedLine({ resumeId, candidateName, reason }: SkippedInvite): string {
  return `${candidateName?.trim() || `Resume #${resumeId}`}: ${reason}`;
}

const INVITE_STATUSES: ReadonlyArray<InviteStatus> = ['Invited', 'Scheduled', 'Completed', 'Closed'];

/** The invite status as the server sent it, or null for none (or a value this client does not know). */
export function toInviteStatus(value: unknown): InviteStatus | null {
  return INVITE_STATUSES.find((status) => status === value) ?? null;
}
