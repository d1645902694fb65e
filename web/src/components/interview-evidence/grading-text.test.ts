import { describe, expect, it } from 'vitest';

import { GRADING } from '@/testing/interview-evidence';

import { communicationFacts, missingBarReason, scoreText, strengthText } from './grading-text';

describe('grading text', () => {
  it('writes a score with two decimals out of 5, or that the question was not asked or not graded', () => {
    expect(scoreText({ asked: true, score: 3.4 })).toBe('3.40 / 5');
    expect(scoreText({ asked: true, score: 0 })).toBe('0.00 / 5');
    expect(scoreText({ asked: false, score: null })).toBe('Not asked');
    expect(scoreText({ asked: true, score: null })).toBe('Not graded');
  });

  it('says why a bar is empty, by the server’s rule', () => {
    expect(missingBarReason('problemSolving', GRADING)).toBe('No question is tagged problem solving');
    const pointless = { ...GRADING, questions: GRADING.questions.map((q) => ({ ...q, keyPoints: [] })) };
    expect(missingBarReason('technical', pointless)).toBe('No technical question has key points');
    const unasked = { ...GRADING, questions: GRADING.questions.map((q) => ({ ...q, asked: false })) };
    expect(missingBarReason('technical', unasked)).toBe('No technical question with key points was asked');
    expect(missingBarReason('communication', { ...GRADING, communication: { ...GRADING.communication, asked: 0, answered: 0 } })).toBe(
      'No question was asked',
    );
  });

  it('writes the communication features, and which could not be measured', () => {
    expect(communicationFacts(GRADING.communication)).toEqual([
      '1 of 1 question answered',
      '128 words per minute',
      '1.3 fillers per 100 words',
    ]);
    expect(communicationFacts({ answered: 0, asked: 3, wordsPerMinute: null, fillerRate: null })).toEqual([
      '0 of 3 questions answered',
      'Words per minute not measurable',
      'Fillers not measurable',
    ]);
    expect(strengthText(0.826)).toBe('83%');
  });
});
