/**
 * What the join page and every kind of web call agree on (`web-call.ts` for the simulator and
 * Vapi, `selfhosted-call.ts` for the self-hosted interviewer).
 */
import type { InterviewState } from './interview-protocol';

/** `reconnecting`: the self-hosted interview's socket dropped and the page is getting it back. */
export type CallStatus = 'connecting' | 'in-progress' | 'reconnecting' | 'ended';

export type CallHandlers = {
  onStatus: (status: CallStatus) => void;
  /** A failure that ends the attempt; the message is for the candidate. */
  onError: (message: string) => void;
  /** The candidate's microphone level, 0 to 1, where the provider reports it. */
  onLocalLevel?: (level: number) => void;
  /** The self-hosted interviewer's turn, caption and step. */
  onInterview?: (interview: InterviewState) => void;
  /** The microphone track was muted or unmuted (by the system or the device), where seen. */
  onMicrophoneMuted?: (muted: boolean) => void;
};

export type CallController = {
  /** Hangs up. */
  end: () => Promise<void>;
  /** Stops listening (on unmount); a Vapi call is also left, as its audio lives in this page. */
  dispose: () => void;
  /** The self-hosted interviewer only: the candidate has finished the answer ("I'm done"). */
  finishAnswer?: () => void;
};

export const CALL_FAILED = 'The interview could not be started. Please check your connection and try again.';
export const LOST_CONTACT = 'We lost contact with the interview. Please check your connection.';
