import { describe, expect, it } from 'vitest';

import { GRADING } from '@/testing/interview-evidence';

import { quotedRanges, segmentText } from './quotes';

describe('quotes', () => {
  it('gathers the quotes of covered points and contradictions per turn', () => {
    const unasked = GRADING.questions[1]!;
    const contradicted = {
      ...GRADING,
      questions: [
        {
          ...unasked,
          contradictions: [{ point: 'Risk coverage', quote: { turn: 1, start: 0, end: 3, text: 'Yes', seconds: 5 } }],
        },
      ],
    };
    expect(quotedRanges(GRADING).get(3)).toEqual([
      { start: 0, end: 36 },
      { start: 37, end: 60 },
    ]);
    expect([...quotedRanges(contradicted)]).toEqual([[1, [{ start: 0, end: 3 }]]]);
    expect(quotedRanges(null).size).toBe(0);
  });

  it('cuts a turn into quoted and unquoted pieces, merging overlaps and clamping', () => {
    expect(segmentText('abcdef', [{ start: 1, end: 3 }])).toEqual([
      { text: 'a', quoted: false },
      { text: 'bc', quoted: true },
      { text: 'def', quoted: false },
    ]);
    expect(
      segmentText('abcdef', [
        { start: 4, end: 99 },
        { start: 0, end: 2 },
        { start: 1, end: 3 },
      ]),
    ).toEqual([
      { text: 'abc', quoted: true },
      { text: 'd', quoted: false },
      { text: 'ef', quoted: true },
    ]);
    expect(segmentText('abc', [{ start: 2, end: 2 }])).toEqual([{ text: 'abc', quoted: false }]);
  });

  it('counts offsets in code points, as the server does', () => {
    // "👍" is two UTF-16 units but one character to the server.
    expect(segmentText('👍 great work', [{ start: 2, end: 7 }])).toEqual([
      { text: '👍 ', quoted: false },
      { text: 'great', quoted: true },
      { text: ' work', quoted: false },
    ]);
  });
});
