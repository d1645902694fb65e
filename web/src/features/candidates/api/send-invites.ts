import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data, isApiError } from '@/lib/api-client';

import { candidateKeys } from './types';
import type { SendInvitesInput, SendInvitesResult, SkippedInvite } from './types';

/** Invites candidates of one JD to an AI interview; sending again re-mails the same link. */
export function sendInvites(input: SendInvitesInput): Promise<SendInvitesResult> {
  return data(api.POST('/Interview/SendInvites', { body: input }));
}

/** The candidates of one JD to invite, and the JD's name for messages. */
export type InviteBatch = { jobDescId: number | string; label: string; resumeIds?: number[]; allPass?: boolean };

export type InviteFailure = { label: string; resumeIds: number[]; message: string };

/** Everything a round of invites did, added up over its JDs. */
export type InviteOutcome = SendInvitesResult & {
  failures: InviteFailure[];
  /** The selected rows of the JDs whose call succeeded (their selection can be cleared). */
  doneResumeIds: number[];
  batches: number;
};

export const SEND_INVITES_FAILED = 'Failed to send invites.';

/** The server's message of a failed call ('Assistant not found', 'Invalid JD ID.', …). */
export function errorMessage(error: unknown): string {
  // Only the server's own words are shown; anything else gets the generic text.
  return isApiError(error) && error.message ? error.message : SEND_INVITES_FAILED;
}

/**
 * Sends one SendInvites call per JD (the server takes one JD per call). The
 * calls go one after another: each mails its candidates, and a failure of one
 * JD must not lose what the others did, so failures are collected, not thrown.
 */
export async function sendInviteBatches({ assistantId, batches }: { assistantId: string; batches: InviteBatch[] }): Promise<InviteOutcome> {
  const outcome: InviteOutcome = { sent: 0, resent: 0, skipped: [], failures: [], doneResumeIds: [], batches: batches.length };
  for (const batch of batches) {
    const resumeIds = batch.resumeIds ?? [];
    try {
      const result = await sendInvites(
        batch.allPass ? { jobDescId: batch.jobDescId, assistantId, allPass: true } : { jobDescId: batch.jobDescId, assistantId, resumeIds },
      );
      outcome.sent += result.sent ?? 0;
      outcome.resent += result.resent ?? 0;
      outcome.skipped.push(...(Array.isArray(result.skipped) ? result.skipped : ([] as SkippedInvite[])));
      outcome.doneResumeIds.push(...resumeIds);
    } catch (error) {
      console.error(`Failed to send invites for ${batch.label}`, error);
      outcome.failures.push({ label: batch.label, resumeIds, message: errorMessage(error) });
    }
  }
  return outcome;
}

/** Sends the invites, then reloads the candidate lists so the new invite states show. */
export function useSendInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInviteBatches,
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
  });
}
