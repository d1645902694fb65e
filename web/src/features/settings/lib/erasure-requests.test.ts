import { describe, expect, it } from 'vitest';

import {
  DECLINE_REASON_REQUIRED,
  DECLINE_REASON_TOO_LONG,
  decisionLine,
  declineReasonProblem,
  erasedSummary,
  erasureState,
  stateLabel,
} from './erasure-requests';

describe('erasure requests', () => {
  it('reads the three states, and an unknown one as decided', () => {
    expect(erasureState({ state: 'pending' })).toBe('pending');
    expect(erasureState({ state: 'declined' })).toBe('declined');
    expect(erasureState({ state: 'erased' })).toBe('erased');
    expect(erasureState({ state: 'archived' })).toBe('erased');
    expect(['pending', 'erased', 'declined'].map((state) => stateLabel(erasureState({ state })))).toEqual([
      'Pending',
      'Erased',
      'Declined',
    ]);
  });

  it('says who decided and when', () => {
    expect(decisionLine({ state: 'pending', decidedBy: null, decidedAt: null })).toBeNull();
    expect(decisionLine({ state: 'erased', decidedBy: 'Admin User', decidedAt: '2026-03-02T06:15:00Z' })).toBe(
      'Erased by Admin User on Mar 2, 2026',
    );
    expect(decisionLine({ state: 'declined', decidedBy: null, decidedAt: null })).toBe('Declined');
  });

  it('needs a reason of 1 to 500 characters to decline', () => {
    expect(declineReasonProblem('  ')).toBe(DECLINE_REASON_REQUIRED);
    expect(declineReasonProblem('Legal hold until the audit ends')).toBeNull();
    expect(declineReasonProblem('x'.repeat(500))).toBeNull();
    expect(declineReasonProblem('x'.repeat(501))).toBe(DECLINE_REASON_TOO_LONG);
  });

  it('sums up what an erasure removed', () => {
    expect(erasedSummary({ candidates: 2, files: 2, calls: 1, mails: 3 })).toBe(
      'Erased 2 candidate records, 2 files, 1 interview call and 3 e-mails.',
    );
    expect(erasedSummary({ candidates: 1, files: 0, calls: 0, mails: 1 })).toBe(
      'Erased 1 candidate record, 0 files, 0 interview calls and 1 e-mail.',
    );
  });
});
