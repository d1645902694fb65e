import { describe, expect, it } from 'vitest';

import { groupByJd, inviteSummary, skippedLine, toInviteStatus } from './invites';

describe('groupByJd', () => {
  it('makes one batch per JD, in the order the JDs were first selected', () => {
    expect(
      groupByJd([
        { resumeId: 1, jobDescId: 7, jdname: 'QA Lead', name: 'Asha' },
        { resumeId: 2, jobDescId: 9, jdname: 'Rust Developer', name: 'Bea' },
        { resumeId: 3, jobDescId: 7, jdname: 'QA Lead', name: 'Chen' },
        { resumeId: 4, jobDescId: 'jd-x', jdname: '', name: 'Dev' },
      ]),
    ).toEqual([
      { jobDescId: 7, label: 'QA Lead', resumeIds: [1, 3] },
      { jobDescId: 9, label: 'Rust Developer', resumeIds: [2] },
      { jobDescId: 'jd-x', label: 'JD jd-x', resumeIds: [4] },
    ]);
    expect(groupByJd([])).toEqual([]);
  });
});

describe('invite texts', () => {
  it('sums up a round of invites', () => {
    expect(inviteSummary({ sent: 3, resent: 1, skipped: [{ resumeId: 5, candidateName: 'X', reason: 'No e-mail address' }] })).toBe(
      'Invites sent: 3 · re-sent: 1 · skipped: 1',
    );
  });

  it('names a skipped candidate, or its resume when it has no name', () => {
    expect(skippedLine({ resumeId: 5, candidateName: 'Jane Doe', reason: 'No e-mail address' })).toBe('Jane Doe: No e-mail address');
    expect(skippedLine({ resumeId: 6, candidateName: ' ', reason: 'Not a candidate of this JD' })).toBe(
      'Resume #6: Not a candidate of this JD',
    );
  });

  it('knows the four invite states and nothing else', () => {
    expect(toInviteStatus('Scheduled')).toBe('Scheduled');
    expect(toInviteStatus('Closed')).toBe('Closed');
    expect(toInviteStatus('scheduled')).toBeNull();
    expect(toInviteStatus(null)).toBeNull();
    expect(toInviteStatus(undefined)).toBeNull();
  });
});
