import { describe, expect, it } from 'vitest';

import type { HireRecommendation } from '../api/types';
import {
  EMPTY_DRAFT,
  MAX_NOTES,
  NOTES_TOO_LONG,
  RECOMMENDATION_REQUIRED,
  SCORE_REQUIRED,
  recommendationLabel,
  toScorecardBody,
  validateScorecard,
} from './scorecard-form';

const FULL = { technical: 1, communication: 5, problemSolving: 3, culture: 4, recommendation: 'yes' as const, notes: ' ok ' };

describe('scorecard form rules', () => {
  it('needs four scores from 1 to 5 and a recommendation', () => {
    expect(validateScorecard(EMPTY_DRAFT)).toEqual({
      technical: SCORE_REQUIRED,
      communication: SCORE_REQUIRED,
      problemSolving: SCORE_REQUIRED,
      culture: SCORE_REQUIRED,
      recommendation: RECOMMENDATION_REQUIRED,
    });
    expect(validateScorecard({ ...FULL, technical: 0, culture: 6 })).toEqual({ technical: SCORE_REQUIRED, culture: SCORE_REQUIRED });
    expect(validateScorecard({ ...FULL, communication: 2.5 })).toEqual({ communication: SCORE_REQUIRED });
    expect(validateScorecard(FULL)).toEqual({});
  });

  it('limits notes to 5000 characters', () => {
    expect(validateScorecard({ ...FULL, notes: 'x'.repeat(MAX_NOTES) })).toEqual({});
    expect(validateScorecard({ ...FULL, notes: 'x'.repeat(MAX_NOTES + 1) })).toEqual({ notes: NOTES_TOO_LONG });
  });

  it('builds the body of a valid draft only', () => {
    expect(toScorecardBody(7, FULL)).toEqual({
      resumeId: 7,
      technical: 1,
      communication: 5,
      problemSolving: 3,
      culture: 4,
      recommendation: 'yes',
      notes: 'ok',
    });
    expect(toScorecardBody(7, { ...FULL, recommendation: '' })).toBeNull();
  });

  it('labels the recommendations', () => {
    expect(['strongYes', 'yes', 'no', 'strongNo'].map((value) => recommendationLabel(value as HireRecommendation))).toEqual([
      'Strong yes',
      'Yes',
      'No',
      'Strong no',
    ]);
  });
});
