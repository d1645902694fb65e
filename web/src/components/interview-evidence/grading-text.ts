/** How the grader's numbers read on the page. */
import type { AnswerGrade, Competency, InterviewGrading } from './types';

export const COMPETENCY_LABEL: Record<Competency, string> = { technical: 'Technical', problemSolving: 'Problem solving' };

export type BarKey = keyof InterviewGrading['bars'];

export const BAR_LABEL: Record<BarKey, string> = {
  technical: 'Technical',
  problemSolving: 'Problem solving',
  communication: 'Communication',
};

/** "3.40 / 5", or "Not asked" for a question the interviewer never put. */
export function scoreText({ asked, score }: Pick<AnswerGrade, 'asked' | 'score'>): string {
  if (!asked || score === null) return 'Not asked';
  return `${score.toFixed(2)} / 5`;
}

/**
 * Why a bar has no value. The server leaves a competency's bar empty when no question is tagged
 * with it or none of those was asked, and communication when no answer was heard; the page says
 * which, so an empty bar is not read as a zero.
 */
export function missingBarReason(bar: BarKey, grading: Pick<InterviewGrading, 'questions' | 'communication'>): string {
  if (bar === 'communication') {
    return grading.communication.answered === 0 ? 'No answer was heard' : 'Not measurable from this interview';
  }
  const tagged = grading.questions.filter((grade) => grade.competency === bar);
  const name = COMPETENCY_LABEL[bar].toLowerCase();
  if (tagged.length === 0) return `No question is tagged ${name}`;
  if (!tagged.some((grade) => grade.asked)) return `No ${name} question was asked`;
  return 'Not measurable from this interview';
}

/** The communication features as short phrases: "4 of 5 questions answered", "132 words per minute", "2.1 fillers per 100 words". */
export function communicationFacts({ answered, asked, wordsPerMinute, fillerRate }: InterviewGrading['communication']): string[] {
  return [
    `${answered} of ${asked} question${asked === 1 ? '' : 's'} answered`,
    wordsPerMinute === null ? 'Words per minute not measurable' : `${Math.round(wordsPerMinute)} words per minute`,
    fillerRate === null ? 'Fillers not measurable' : `${fillerRate.toFixed(1)} fillers per 100 words`,
  ];
}

/** A 0-1 match strength as a percentage ("82%"). */
export const strengthText = (strength: number): string => `${Math.round(strength * 100)}%`;
