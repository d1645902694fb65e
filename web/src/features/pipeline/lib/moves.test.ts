import { describe, expect, it } from 'vitest';

import { allowedTargets, canMove, emailKindFor, needsReason } from './moves';

describe('allowed targets', () => {
  it('moves people forward through their own stages only', () => {
    expect(allowedTargets('interviewed')).toEqual(['shortlisted', 'offer', 'rejected', 'withdrawn']);
    expect(allowedTargets('shortlisted')).toEqual(['offer', 'rejected', 'withdrawn']);
    expect(allowedTargets('offer')).toEqual(['shortlisted', 'hired', 'rejected', 'withdrawn']);
    expect(allowedTargets('screened')).toEqual(['shortlisted', 'rejected', 'withdrawn']);
    expect(allowedTargets('new')).toEqual(['rejected', 'withdrawn']);
    expect(canMove('new', 'hired')).toBe(false);
    expect(canMove('screened', 'offer')).toBe(false);
  });

  it('ends nothing twice and never leaves Hired', () => {
    expect(allowedTargets('hired', 'interviewed')).toEqual([]);
    expect(canMove('hired', 'rejected')).toBe(false);
    expect(canMove('rejected', 'withdrawn')).toBe(false);
    expect(canMove('rejected', 'shortlisted', 'screened')).toBe(false);
  });

  it("sends a person-chosen stage back only to the card's system stage", () => {
    expect(allowedTargets('rejected', 'screened')).toEqual(['screened']);
    expect(allowedTargets('shortlisted', 'interviewed')).toEqual(['interviewed', 'offer', 'rejected', 'withdrawn']);
    expect(canMove('rejected', 'interviewed', 'screened')).toBe(false);
    // An invite or a booking counts too: the server says where the system's steps put them.
    expect(allowedTargets('withdrawn', 'invited')).toEqual(['invited']);
    expect(allowedTargets('offer', 'scheduled')).toEqual(['scheduled', 'shortlisted', 'hired', 'rejected', 'withdrawn']);
    // The system's own steps are never a person's move.
    expect(canMove('screened', 'invited', 'invited')).toBe(false);
    expect(allowedTargets('rejected')).toEqual([]);
  });

  it('knows which moves need a reason and which may e-mail', () => {
    expect(needsReason('rejected')).toBe(true);
    expect(needsReason('withdrawn')).toBe(true);
    expect(needsReason('shortlisted')).toBe(false);
    expect(emailKindFor('rejected')).toBe('rejection');
    expect(['shortlisted', 'offer', 'hired'].map((stage) => emailKindFor(stage as 'offer'))).toEqual(['advance', 'advance', 'advance']);
    expect(emailKindFor('withdrawn')).toBeNull();
    expect(emailKindFor('interviewed')).toBeNull();
  });
});
