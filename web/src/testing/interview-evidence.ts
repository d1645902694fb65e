/** The evidence part of an interview analysis, for fixtures: a short verified interview. */
export const EVIDENCE = {
  turns: [
    { speaker: 'interviewer', text: 'Hello Priya, ready to begin?', startSeconds: 1, endSeconds: 4 },
    { speaker: 'candidate', text: 'Yes, I am ready.', startSeconds: 5, endSeconds: 7 },
    { speaker: 'interviewer', text: 'How do you test a flaky UI?', startSeconds: 8, endSeconds: 11 },
    { speaker: 'candidate', text: 'I isolate the wait conditions first. Then I retry with logs.', startSeconds: 12, endSeconds: 18 },
  ],
  questions: [
    {
      number: 1,
      question: 'How do you test a flaky UI?',
      asked: true,
      answerExcerpt: 'I isolate the wait conditions first.',
      score: 4,
      justification: 'A concrete method: "I isolate the wait conditions first."',
      questionTurn: 2,
      answerTurn: 3,
    },
    {
      number: 2,
      question: 'How do you review a test plan?',
      asked: false,
      answerExcerpt: null,
      score: null,
      justification: null,
      questionTurn: null,
      answerTurn: null,
    },
  ],
  coverage: { asked: 1, total: 2 },
  verdict: {
    status: 'Needs Review',
    rule: 'incompleteEvidence',
    explanation: 'The evidence is incomplete: 1 of 2 questions was not asked.',
    evidenceComplete: false,
    gaps: [{ kind: 'questionsNotAsked', message: '1 of 2 questions was not asked.' }],
  },
  integrity: { status: 'verified', detail: null },
} as const;
