import { describe, expect, it } from 'vitest';

import { actorChoiceOf, actorLabel, kindLabel, readFeedFilters, withFilter } from './events';

describe('activity helpers', () => {
  it('reads the known filters from the URL and drops the rest', () => {
    expect(readFeedFilters(new URLSearchParams('jdId=jd-1&kind=scorecard&actor=system'))).toEqual({
      jdId: 'jd-1',
      kind: 'scorecard',
      actor: 'system',
    });
    expect(readFeedFilters(new URLSearchParams('jdId=%20&kind=salary&actor=bots&recruiterId=x'))).toEqual({});
    // One recruiter wins over an actor kind.
    expect(readFeedFilters(new URLSearchParams('actor=candidate&recruiterId=4'))).toEqual({ recruiterId: 4 });
  });

  it('maps filters to the actor select and back into the URL', () => {
    expect(actorChoiceOf({ recruiterId: 4 })).toBe('member:4');
    expect(actorChoiceOf({ actor: 'system' })).toBe('system');
    expect(actorChoiceOf({})).toBe('');
    expect(withFilter(new URLSearchParams('jdId=a&kind=b'), { kind: '', actor: 'candidate' }).toString()).toBe('jdId=a&actor=candidate');
  });

  it('names actors and kinds', () => {
    expect(actorLabel({ kind: 'recruiter', recruiterId: 1, name: 'Dana Lee' })).toBe('Dana Lee');
    expect(actorLabel({ kind: 'recruiter', recruiterId: 1, name: null })).toBe('A recruiter');
    expect(actorLabel({ kind: 'candidate', recruiterId: null, name: null })).toBe('Candidate');
    expect(actorLabel({ kind: 'system', recruiterId: null, name: null })).toBe('System');
    expect(kindLabel('stageChanged')).toBe('Stage changed');
    // A candidate asking for erasure from their application page is a kind of its own.
    expect(kindLabel('erasureRequested')).toBe('Erasure requested');
    expect(readFeedFilters(new URLSearchParams('kind=erasureRequested'))).toEqual({ kind: 'erasureRequested' });
  });
});
