/** The invite API's shapes (interview contract, SPEC section 3) and the query keys. */
import type { ApiSchema } from '@/lib/api/types';

/** `showPageId`: 1 choose a slot, 2 scheduled, 3 completed, 4 window closed. */
export type ShowPageId = ApiSchema<'InvitePage'>;

/** GET /Interview/NextStep/{inviteId}. `interviewDateTime` is UTC without a zone suffix (read
 * it with `parseInstant`); `bookableUntil` is the exclusive end of the bookable window. */
export type NextStep = ApiSchema<'NextStep'>;

/** POST /Interview/ScheduleInterview and /Interview/ReScheduleInterview. The spec's client also
 * sends the candidate's name and the role, which the server does not need. */
export type ScheduleInput = ApiSchema<'ScheduleBody'> & { candidateName: string; JobRole: string };

export type ScheduleResponse = ApiSchema<'Scheduled'>;

export type YesNo = 'Yes' | 'No';

/** POST /Interview/AddCandidateDetails (SPEC section 3). */
export type CandidateDetailsInput = ApiSchema<'DetailsForm'>;

/** POST /Interview/WebCall/{inviteId}. */
export type WebCallSession = ApiSchema<'WebCallAnswer'>;

export const inviteKeys = {
  all: ['invite'] as const,
  nextStep: (inviteId: string) => ['invite', 'next-step', inviteId] as const,
  detailsForm: (inviteId: string) => ['invite', 'details-form', inviteId] as const,
};
