/** How the grader's numbers read on the page. */
import type { AnswerGrade, Competency, InterviewGrading } from './types';

export const COMPETENCY_LABEL: Record<Competency, string> = { technical: 'Technical', problemSolving: 'Problem solving' };

export type BarKey = keyof InterviewGrading['bars'];

export const BAR_LABEL: Record<BarKey, string> = {
  technical: 'Technical',
  problemSolving: 'Problem solving',
  communication: 'Communication',
};

/**
 * "3.40 / 5", "Not asked" for a question the interviewer never put, or "Not graded" for one asked
 * whose answer could not be transcribed (its flag says to listen to the recording).
 */
export function scoreText({ asked, score }: Pick<AnswerGrade, 'asked' | 'score'>): string {
  if (!asked) return 'Not asked';
  if (score === null) return 'Not graded';
  return `${score.toFixed(2)} / 5`;
}

/**
 * Why a bar has no value, by the server's rule (`grading/bars.rs`): a competency's bar is the
 * mean grade of the asked questions tagged with it that have key points, and communication needs
 * an asked question. The page says which is missing, so an empty bar is not read as a zero.
 */
export function missingBarReason(bar: BarKey, grading: Pick<InterviewGrading, 'questions' | 'communication'>): string {
  if (bar === 'communication') return grading.communication.asked === 0 ? 'No question was asked' : 'Not measurable from this interview';
  const name = COMPETENCY_LABEL[bar].toLowerCase();
  const tagged = grading.questions.filter((grade) => grade.competency === bar);
  if (tagged.length === 0) return `No question is tagged ${name}`;
  const withPoints = tagged.filter((grade) => grade.keyPoints.length > 0);
  if (withPoints.length === 0) return `No ${name} question has key points`;
  if (!withPoints.some((grade) => grade.asked)) return `No ${name} question with key points was asked`;
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
