import { describe, expect, it } from 'vitest';

import { activeTurn, coverageText, isHeuristicScore, scoredByHeuristics } from './turns';

const turn = (startSeconds: number | null, endSeconds: number | null) => ({
  speaker: 'interviewer' as const,
  text: 'x',
  startSeconds,
  endSeconds,
  notTranscribed: false,
});

describe('turns', () => {
  it('finds the turn spoken at a time, never one without times', () => {
    const turns = [turn(1, 3), turn(null, null), turn(4, 9)];
    expect(activeTurn(turns, 2)).toBe(0);
    expect(activeTurn(turns, 3.5)).toBeNull();
    expect(activeTurn(turns, 4)).toBe(2);
    expect(activeTurn(turns, null)).toBeNull();
  });

  it('says coverage in words', () => {
    expect(coverageText({ asked: 4, total: 5 })).toBe('4 of 5 questions asked');
    expect(coverageText({ asked: 1, total: 1 })).toBe('1 of 1 question asked');
  });
});

describe('heuristic scores', () => {
  const heuristic = { score: 2, justification: 'Heuristic score (no language model): 4 words, naming AWS.' };
  const judged = { score: 4, justification: 'A concrete method: "I isolate the wait conditions first."' };
  const unscored = { score: null, justification: null };

  it('are the scores whose justification says so', () => {
    expect(isHeuristicScore(heuristic)).toBe(true);
    expect(isHeuristicScore(judged)).toBe(false);
    expect(isHeuristicScore({ score: null, justification: heuristic.justification })).toBe(false);
  });

  it('score an interview when every scored question has one', () => {
    expect(scoredByHeuristics([heuristic, unscored])).toBe(true);
    expect(scoredByHeuristics([heuristic, judged])).toBe(false);
    expect(scoredByHeuristics([unscored])).toBe(false);
    expect(scoredByHeuristics([])).toBe(false);
  });
});
