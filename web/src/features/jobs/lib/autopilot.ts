/**
 * The autopilot dialog's rules: whom it invites (the ATS's Pass, or a score from N up), its form
 * from the saved settings and back, and the checks the server makes.
 */
import { PASS_THRESHOLD } from '@/config/constants';

import type { Autopilot, AutopilotInput } from '../api/types';

/** Invite on the ATS's Pass recommendation, or from a minimum ATS score. */
export type InviteRule = 'pass' | 'score';

export type AutopilotForm = {
  enabled: boolean;
  rule: InviteRule;
  /** As typed; a whole number from 1 to 100 when `rule` is `score`. */
  minScore: string;
  digest: boolean;
};

export type AutopilotErrors = Partial<Record<'assistant' | 'minScore', string>>;

export const ASSISTANT_REQUIRED = 'Please choose the assistant that interviews applicants.';
export const MIN_SCORE_RULE = 'Enter an ATS score from 1 to 100.';

export function autopilotForm(autopilot: Autopilot): AutopilotForm {
  return {
    enabled: autopilot.enabled,
    rule: autopilot.minScore === null ? 'pass' : 'score',
    // A score to start from when the recruiter switches to one: the Pass threshold.
    minScore: String(autopilot.minScore ?? PASS_THRESHOLD),
    digest: autopilot.digest,
  };
}

/** The minimum score as a number, or null when it is not a whole number from 1 to 100. */
export function parseMinScore(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const score = Number(trimmed);
  return score >= 1 && score <= 100 ? score : null;
}

/** An assistant is needed to turn the autopilot on; a score rule needs a score the server takes. */
export function checkAutopilot(form: AutopilotForm, assistantId: string): AutopilotErrors {
  const errors: AutopilotErrors = {};
  if (form.enabled && !assistantId) errors.assistant = ASSISTANT_REQUIRED;
  if (form.rule === 'score' && parseMinScore(form.minScore) === null) errors.minScore = MIN_SCORE_RULE;
  return errors;
}

export function autopilotInput(jobDescId: number, form: AutopilotForm, assistantId: string): AutopilotInput {
  return {
    jobDescId,
    enabled: form.enabled,
    assistantId: assistantId || null,
    minScore: form.rule === 'score' ? parseMinScore(form.minScore) : null,
    digest: form.digest,
  };
}

/** Whom the autopilot invites, in a sentence's words: "applicants the ATS marks Pass", "applicants with an ATS score of 75 or more". */
export function inviteRuleText(minScore: number | null): string {
  return minScore === null ? 'applicants the ATS marks Pass' : `applicants with an ATS score of ${minScore} or more`;
}

/** "1 applicant", "3 applicants". */
export function applicantCount(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'applicant' : 'applicants'}`;
}
