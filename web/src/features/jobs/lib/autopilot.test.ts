import { describe, expect, it } from 'vitest';

import type { Autopilot } from '../api/types';
import {
  ASSISTANT_REQUIRED,
  MIN_SCORE_RULE,
  applicantCount,
  autopilotForm,
  autopilotInput,
  checkAutopilot,
  inviteRuleText,
  parseMinScore,
} from './autopilot';

const OFF: Autopilot = {
  jobDescId: 7,
  enabled: false,
  assistantId: null,
  minScore: null,
  digest: false,
  invited: 0,
  notInvited: 0,
  lastNotInvited: null,
};

describe('autopilot form', () => {
  it('invites on Pass until a minimum score is set, starting a new score at the Pass threshold', () => {
    expect(autopilotForm(OFF)).toEqual({ enabled: false, rule: 'pass', minScore: '60', digest: false });
    expect(autopilotForm({ ...OFF, enabled: true, minScore: 75, digest: true })).toEqual({
      enabled: true,
      rule: 'score',
      minScore: '75',
      digest: true,
    });
  });

  it('takes whole scores from 1 to 100', () => {
    expect(parseMinScore(' 75 ')).toBe(75);
    expect(parseMinScore('1')).toBe(1);
    expect(parseMinScore('100')).toBe(100);
    for (const bad of ['0', '101', '7.5', '', 'abc', '-5', '1e2']) expect(parseMinScore(bad), bad).toBeNull();
  });

  it('needs an assistant to turn on, and a valid score for the score rule', () => {
    const on = { ...autopilotForm(OFF), enabled: true };
    expect(checkAutopilot(on, '')).toEqual({ assistant: ASSISTANT_REQUIRED });
    expect(checkAutopilot(on, 'a-1')).toEqual({});
    expect(checkAutopilot({ ...on, rule: 'score', minScore: '0' }, 'a-1')).toEqual({ minScore: MIN_SCORE_RULE });
    // Off, the assistant may wait.
    expect(checkAutopilot(autopilotForm(OFF), '')).toEqual({});
  });

  it('sends null for Pass and for no assistant', () => {
    const on = { ...autopilotForm(OFF), enabled: true, digest: true };
    expect(autopilotInput(7, on, 'a-1')).toEqual({ jobDescId: 7, enabled: true, assistantId: 'a-1', minScore: null, digest: true });
    expect(autopilotInput(7, { ...on, enabled: false, rule: 'score', minScore: '80' }, '')).toEqual({
      jobDescId: 7,
      enabled: false,
      assistantId: null,
      minScore: 80,
      digest: true,
    });
  });

  it('says whom it invites and how many', () => {
    expect(inviteRuleText(null)).toBe('applicants the ATS marks Pass');
    expect(inviteRuleText(75)).toBe('applicants with an ATS score of 75 or more');
    expect(applicantCount(1)).toBe('1 applicant');
    expect(applicantCount(3)).toBe('3 applicants');
  });
});
