import type { InterviewGrading } from '@/components/interview-evidence/types';

/** The evidence part of an interview analysis, for fixtures: a short verified interview. */
export const EVIDENCE = {
  turns: [
    { speaker: 'interviewer', text: 'Hello Priya, ready to begin?', startSeconds: 1, endSeconds: 4, notTranscribed: false },
    { speaker: 'candidate', text: 'Yes, I am ready.', startSeconds: 5, endSeconds: 7, notTranscribed: false },
    { speaker: 'interviewer', text: 'How do you test a flaky UI?', startSeconds: 8, endSeconds: 11, notTranscribed: false },
    {
      speaker: 'candidate',
      text: 'I isolate the wait conditions first. Then I retry with logs.',
      startSeconds: 12,
      endSeconds: 18,
      notTranscribed: false,
    },
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
  conductEvents: [
    { kind: 'answerDelay', source: 'server', at: '2026-11-27T04:00:11Z', secondsFromStart: 11, question: 1, seconds: 1 },
    { kind: 'tabHidden', source: 'page', at: '2026-11-27T04:00:13Z', secondsFromStart: 13, question: 1, seconds: 4 },
    { kind: 'tabVisible', source: 'page', at: '2026-11-27T04:00:17Z', secondsFromStart: 17, question: 1, seconds: null },
  ],
  conductSummary:
    'Left the tab 1 time, 4 s in total, during question 1. Answers began 1 s after the question on average (longest 1 s, question 1).',
} as const;

/**
 * Our grader's grading of that interview: question 1 covered twice (one quote with a time in the
 * recording, one without) and one point missed; question 2 not asked; no question is tagged
 * problem solving, so that bar is empty.
 */
export const GRADING = {
  version: 'assess-1.1.0+all-MiniLM-L6-v2@3f2a9c1',
  gradedAt: '2026-11-27T04:10:00Z',
  questions: [
    {
      number: 1,
      question: 'How do you test a flaky UI?',
      competency: 'technical',
      asked: true,
      score: 3.4,
      keyPoints: ['Isolate the wait conditions', 'Retry with logging', 'Quarantine flaky tests'],
      covered: [
        {
          point: 'Isolate the wait conditions',
          strength: 0.82,
          quote: { turn: 3, start: 0, end: 36, text: 'I isolate the wait conditions first.', seconds: 12.4 },
        },
        {
          point: 'Retry with logging',
          strength: 0.64,
          quote: { turn: 3, start: 37, end: 60, text: 'Then I retry with logs.', seconds: null },
        },
      ],
      missing: [{ point: 'Quarantine flaky tests', strength: 0.21 }],
      contradictions: [],
      flags: [{ code: 'lexicalOnly', message: 'Matched on shared words only for one point.' }],
      confidence: { value: 0.74, level: 'high' },
    },
    {
      number: 2,
      question: 'How do you review a test plan?',
      competency: 'technical',
      asked: false,
      score: null,
      keyPoints: ['Risk coverage'],
      covered: [],
      missing: [{ point: 'Risk coverage', strength: 0 }],
      contradictions: [],
      flags: [{ code: 'noAnswerHeard', message: 'No answer was heard for this question.' }],
      confidence: { value: 0, level: 'low' },
    },
  ],
  bars: { technical: 68, problemSolving: null, communication: 74 },
  communication: { answered: 1, asked: 1, wordsPerMinute: 128.4, fillerRate: 1.25 },
  method: 'Each competency bar is the mean of its asked questions’ scores, scaled to 100.',
} satisfies InterviewGrading;
