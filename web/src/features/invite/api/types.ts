/** The invite API's shapes (interview contract, SPEC section 3) and the query keys. */

/** `showPageId`: 1 choose a slot, 2 scheduled, 3 completed, 4 window closed. */
export type ShowPageId = 1 | 2 | 3 | 4;

/** GET /Interview/NextStep/{inviteId}. */
export type NextStep = {
  candidateName: string;
  jdName: string;
  showPageId: ShowPageId;
  /** `YYYY-MM-DD` or null. */
  applyLastDate: string | null;
  /** UTC without a zone suffix (read it with `parseServerInstant`). */
  interviewDateTime: string | null;
  detailsSubmitted: boolean;
  /** The IANA zone the candidate chose when scheduling. */
  timeZoneName: string | null;
  /** Exclusive end of the bookable window, an ISO instant with Z. */
  bookableUntil: string | null;
};

/** POST /Interview/ScheduleInterview and /Interview/ReScheduleInterview. */
export type ScheduleInput = {
  inviteId: string;
  candidateName: string;
  JobRole: string;
  interviewStartUtc: string;
  timeZoneName: string;
  gmtValue: string;
};

export type ScheduleResponse = { interviewDateTime: string; showPageId: ShowPageId };

export type YesNo = 'Yes' | 'No';

/** POST /Interview/AddCandidateDetails (SPEC section 3). */
export type CandidateDetailsInput = {
  inviteId: string;
  totalExp: number;
  relevantExp: number;
  currentCTC: number;
  expectedCTC: number;
  noticePeriod: number;
  servingNotice: YesNo;
  organization: string;
  reasonForLeaving: string;
  /** `YYYY-MM-DD`, or '' while serving notice. */
  lastWorkingDate: string;
  currentLocation: string;
  hometown: string;
  faridabadOffice: YesNo;
  relocateDays: number;
  skills: string;
  additionalInfo: string;
};

/** POST /Interview/WebCall/{inviteId}. */
export type WebCallSession = {
  provider: 'simulator' | 'vapi';
  assistantId: string;
  callId: string | null;
  webCallUrl: string | null;
  publicToken: string | null;
  assistantOverrides: Record<string, unknown> | null;
};

export const inviteKeys = {
  all: ['invite'] as const,
  nextStep: (inviteId: string) => ['invite', 'next-step', inviteId] as const,
};
