/** The scorecard form's rules: criteria, recommendation labels, validation and the body sent. */
import type { HireRecommendation, Scorecard, ScorecardBody } from '../api/types';

/** The four criteria a recruiter scores 1-5, in the order the page shows them. */
export const CRITERIA = [
  { key: 'technical', label: 'Technical' },
  { key: 'communication', label: 'Communication' },
  { key: 'problemSolving', label: 'Problem Solving' },
  { key: 'culture', label: 'Culture' },
] as const;

export type Criterion = (typeof CRITERIA)[number]['key'];

export const SCORES = [1, 2, 3, 4, 5] as const;

/** The recommendations, strongest first, with the labels the page shows. */
export const RECOMMENDATIONS: ReadonlyArray<{ value: HireRecommendation; label: string }> = [
  { value: 'strongYes', label: 'Strong yes' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'strongNo', label: 'Strong no' },
];

export function recommendationLabel(value: HireRecommendation): string {
  return RECOMMENDATIONS.find((option) => option.value === value)?.label ?? 'No recommendation';
}

/** The server's limit on notes. */
export const MAX_NOTES = 5000;

/** What the form holds: a score is null until chosen, the recommendation '' until chosen. */
export type ScorecardDraft = Record<Criterion, number | null> & { recommendation: HireRecommendation | ''; notes: string };

export type ScorecardErrors = Partial<Record<Criterion | 'recommendation' | 'notes', string>>;

export const SCORE_REQUIRED = 'Choose a score from 1 to 5.';
export const RECOMMENDATION_REQUIRED = 'Choose a recommendation.';
export const NOTES_TOO_LONG = `Notes cannot exceed ${MAX_NOTES} characters.`;

export const EMPTY_DRAFT: ScorecardDraft = {
  technical: null,
  communication: null,
  problemSolving: null,
  culture: null,
  recommendation: '',
  notes: '',
};

/** The form's starting values: the recruiter's own scorecard when there is one. */
export function draftOf(scorecard: Scorecard | null | undefined): ScorecardDraft {
  if (!scorecard) return EMPTY_DRAFT;
  return {
    technical: scorecard.technical,
    communication: scorecard.communication,
    problemSolving: scorecard.problemSolving,
    culture: scorecard.culture,
    recommendation: scorecard.recommendation,
    notes: scorecard.notes,
  };
}

const isScore = (value: number | null): value is number => value !== null && Number.isInteger(value) && value >= 1 && value <= 5;

/** Every problem of the draft, by field; empty when it can be sent. */
export function validateScorecard(draft: ScorecardDraft): ScorecardErrors {
  const errors: ScorecardErrors = {};
  for (const { key } of CRITERIA) {
    if (!isScore(draft[key])) errors[key] = SCORE_REQUIRED;
  }
  if (draft.recommendation === '') errors.recommendation = RECOMMENDATION_REQUIRED;
  if ([...draft.notes].length > MAX_NOTES) errors.notes = NOTES_TOO_LONG;
  return errors;
}

/** The `PUT /Pipeline/Scorecards` body of a valid draft; null when the draft is not valid. */
export function toScorecardBody(resumeId: number, draft: ScorecardDraft): ScorecardBody | null {
  const { technical, communication, problemSolving, culture, recommendation } = draft;
  if (Object.keys(validateScorecard(draft)).length > 0) return null;
  if (!isScore(technical) || !isScore(communication) || !isScore(problemSolving) || !isScore(culture) || recommendation === '') return null;
  return { resumeId, technical, communication, problemSolving, culture, recommendation, notes: draft.notes.trim() };
}
