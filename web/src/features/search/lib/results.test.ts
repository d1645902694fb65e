import { describe, expect, it } from 'vitest';

import { assistant, jdCard, resume } from '../testing/fixtures';
import { GROUP_LIMIT, groupResults, matchAssistants, moveActive } from './results';

describe('groupResults', () => {
  it('lists matching JDs, every candidate of every card, and the assistants named like the query', () => {
    const groups = groupResults({
      q: 'ru',
      found: [
        jdCard('jd-1', 'Rust Engineer', { resumes: [resume(11, 'Ruth Park', { callId: 'call-9' })] }),
        // Listed by the server only for its candidate: no JD hit of its own.
        jdCard('jd-2', 'Support Agent', { jdMatched: false, resumes: [resume(12, 'Bruno Diaz')] }),
      ],
      assistants: [assistant('a1', 'Rust interviewer', 'Backend Engineer'), assistant('a2', 'Sales coach')],
    });
    expect(groups).toEqual([
      {
        label: 'JDs',
        options: [
          {
            key: 'jd-jd-1',
            label: 'Rust Engineer',
            detail: 'Rust, SQL, Linux',
            to: '/jd/jd-1',
            state: { jdname: 'Rust Engineer', jobDescId: 1 },
          },
        ],
      },
      {
        label: 'Candidates',
        options: [
          { key: 'candidate-11', label: 'Ruth Park', detail: 'Rust Engineer · ruth@example.com', to: '/candidate/analysis/11/call-9' },
          { key: 'candidate-12', label: 'Bruno Diaz', detail: 'Support Agent · bruno@example.com', to: '/candidate/analysis/12/0' },
        ],
      },
      {
        label: 'Assistants',
        options: [{ key: 'assistant-a1', label: 'Rust interviewer', detail: 'Backend Engineer', to: '/interview/assistants/a1' }],
      },
    ]);
  });

  it(`keeps at most ${GROUP_LIMIT} rows a group and leaves empty groups out`, () => {
    const many = Array.from({ length: 8 }, (_, i) => jdCard(`jd-${i + 1}`, `Role ${i + 1}`));
    const groups = groupResults({ q: 'role', found: many, assistants: [] });
    expect(groups.map((group) => [group.label, group.options.length])).toEqual([['JDs', GROUP_LIMIT]]);
  });

  it('adds nothing for a source that has not answered', () => {
    expect(groupResults({ q: 'ava', found: undefined, assistants: [assistant('a1', 'Ava')] }).map((group) => group.label)).toEqual([
      'Assistants',
    ]);
    expect(groupResults({ q: 'ava', found: [], assistants: undefined })).toEqual([]);
  });

  it('names a candidate or assistant without a name', () => {
    const [candidates, assistants] = groupResults({
      q: '98110',
      found: [jdCard('jd-1', 'Rust Engineer', { jdMatched: false, resumes: [resume(3, '', { candidateEmail: '' })] })],
      assistants: [],
    });
    expect(candidates?.options[0]).toMatchObject({ label: 'Unnamed candidate', detail: 'Rust Engineer' });
    expect(assistants).toBeUndefined();
  });
});

describe('matchAssistants', () => {
  it('matches the name anywhere, whatever the case; a blank query or a nameless assistant matches nothing', () => {
    const all = [assistant('a1', 'Ava Backend'), assistant('a2', 'backstage'), assistant('a3', null)];
    expect(matchAssistants(all, '  BACK ').map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(matchAssistants(all, '   ')).toEqual([]);
  });
});

describe('moveActive', () => {
  const options = ['a', 'b', 'c'].map((key) => ({ key, label: key, to: `/${key}` }));

  it('steps down and up, wrapping round at either end', () => {
    expect(moveActive(options, 'a', 1)).toBe('b');
    expect(moveActive(options, 'c', 1)).toBe('a');
    expect(moveActive(options, 'a', -1)).toBe('c');
  });

  it('starts at the first (down) or the last (up) when nothing is active, and stays empty without options', () => {
    expect(moveActive(options, null, 1)).toBe('a');
    expect(moveActive(options, 'gone', -1)).toBe('c');
    expect(moveActive([], null, 1)).toBeNull();
  });
});
