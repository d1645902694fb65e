/**
 * The key point rules of an assistant's rubric, as the server checks them (its limits come with
 * the rubric) and in the server's words, so a recruiter reads the same message before and after
 * saving.
 */
import type { AssistantRubric, Competency, RubricBody, RubricQuestion } from '../api/types';

export type Limits = Pick<AssistantRubric, 'maxKeyPoints' | 'maxKeyPointChars'>;

/** One question as the editor holds it. */
export type DraftQuestion = Pick<RubricQuestion, 'number' | 'question' | 'keyPoints' | 'competency'>;

export const COMPETENCIES: ReadonlyArray<{ value: Competency; label: string }> = [
  { value: 'technical', label: 'Technical' },
  { value: 'problemSolving', label: 'Problem solving' },
];

/** The competency a select's value names. */
export const competencyOf = (value: string): Competency | undefined => COMPETENCIES.find((c) => c.value === value)?.value;

export const tooManyPoints = (max: number) => `A question can have at most ${max} key points.`;
export const pointTooLong = (max: number) => `A key point can be at most ${max} characters.`;

/** Characters as the server counts them (code points). */
export const pointLength = (point: string) => [...point].length;

const isBlank = (point: string) => point.trim() === '';

/** The editor's copy of a stored rubric. */
export function draftOf(rubric: AssistantRubric): DraftQuestion[] {
  return rubric.questions.map(({ number, question, keyPoints, competency }) => ({ number, question, keyPoints, competency }));
}

/** Whether another point fits under the limit. */
export const canAddPoint = (question: DraftQuestion, limits: Limits) => question.keyPoints.length < limits.maxKeyPoints;

/** The JD suggestions not already among the question's points (compared without case or outer spaces). */
export function openSuggestions(question: DraftQuestion, suggestions: readonly string[]): string[] {
  const taken = new Set(question.keyPoints.map((point) => point.trim().toLowerCase()));
  return suggestions.filter((suggestion) => !taken.has(suggestion.trim().toLowerCase()));
}

/** The first rule a question breaks, or null. Blank points do not count: the server drops them. */
export function questionProblem(question: DraftQuestion, limits: Limits): string | null {
  const points = question.keyPoints.filter((point) => !isBlank(point));
  if (points.length > limits.maxKeyPoints) return tooManyPoints(limits.maxKeyPoints);
  if (points.some((point) => pointLength(point) > limits.maxKeyPointChars)) return pointTooLong(limits.maxKeyPointChars);
  return null;
}

/** The PUT body: every question's non-blank points and its competency. */
export function rubricBody(draft: readonly DraftQuestion[]): RubricBody {
  return {
    questions: draft.map(({ number, keyPoints, competency }) => ({
      number,
      keyPoints: keyPoints.filter((point) => !isBlank(point)),
      competency,
    })),
  };
}
