import { describe, expect, it } from 'vitest';

import { canAddPoint, competencyOf, openSuggestions, pointTooLong, questionProblem, rubricBody, tooManyPoints } from './rubric-rules';

const limits = { maxKeyPoints: 20, maxKeyPointChars: 400 };
const question = (keyPoints: string[]) => ({ number: 1, question: 'Q?', keyPoints, competency: 'technical' as const });

describe('rubric rules', () => {
  it('speak the server’s words', () => {
    expect(tooManyPoints(20)).toBe('A question can have at most 20 key points.');
    expect(pointTooLong(400)).toBe('A key point can be at most 400 characters.');
  });

  it('allow 20 points of 400 characters, counting characters as the server does', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `point ${i}`);
    expect(questionProblem(question(twenty), limits)).toBeNull();
    expect(canAddPoint(question(twenty), limits)).toBe(false);
    expect(canAddPoint(question(twenty.slice(1)), limits)).toBe(true);
    expect(questionProblem(question([...twenty, 'one more']), limits)).toBe(tooManyPoints(20));
    // Blank points are dropped by the server, so they do not count.
    expect(questionProblem(question([...twenty, '  ']), limits)).toBeNull();
    expect(questionProblem(question(['é'.repeat(400)]), limits)).toBeNull();
    expect(questionProblem(question(['👍'.repeat(400)]), limits)).toBeNull();
    expect(questionProblem(question(['x'.repeat(401)]), limits)).toBe(pointTooLong(400));
  });

  it('send every question’s non-blank points and competency', () => {
    expect(
      rubricBody([question(['Isolates waits', ' ', '']), { number: 2, question: 'R?', keyPoints: [], competency: 'problemSolving' }]),
    ).toEqual({
      questions: [
        { number: 1, keyPoints: ['Isolates waits'], competency: 'technical' },
        { number: 2, keyPoints: [], competency: 'problemSolving' },
      ],
    });
  });

  it('offer only the suggestions not already taken', () => {
    expect(openSuggestions(question(['kubernetes ']), ['Kubernetes', 'Terraform'])).toEqual(['Terraform']);
    expect(competencyOf('problemSolving')).toBe('problemSolving');
    expect(competencyOf('culture')).toBeUndefined();
  });
});
