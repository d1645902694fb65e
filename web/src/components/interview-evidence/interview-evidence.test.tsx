import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { InterviewAnalysis } from '@/lib/queries/interview-analysis';
import { EVIDENCE } from '@/testing/interview-evidence';

import { InterviewEvidence } from './interview-evidence';

const analysis = {
  callId: 'call-1',
  interviewStatus: 'Needs Review',
  transcript: 'AI: Hello',
  audioLink: '/api/Voice/recordings/call-1?sig=abc',
  ...EVIDENCE,
} as unknown as InterviewAnalysis;

describe('InterviewEvidence', () => {
  afterEach(() => vi.restoreAllMocks());

  it('explains the verdict, lists every question with its score and the turns with their times', () => {
    render(<InterviewEvidence analysis={analysis} />);
    const verdict = screen.getByTestId('verdict');
    expect(verdict).toHaveTextContent('Why Needs Review');
    expect(verdict).toHaveTextContent('Evidence incomplete · 1 of 2 questions asked');
    expect(within(verdict).getByRole('list', { name: 'Missing evidence' })).toHaveTextContent('1 of 2 questions was not asked.');
    const questions = screen.getAllByTestId('question');
    expect(questions).toHaveLength(2);
    expect(within(questions[0]!).getByTestId('question-score')).toHaveTextContent('4/5');
    expect(questions[0]).toHaveTextContent('“I isolate the wait conditions first.”');
    expect(within(questions[1]!).getByTestId('question-score')).toHaveTextContent('—');
    expect(questions[1]).toHaveTextContent('Not asked.');
    const turns = screen.getAllByTestId('turn');
    expect(turns).toHaveLength(4);
    expect(turns[0]).toHaveTextContent('Interviewer0:01Hello Priya, ready to begin?');
    expect(turns[1]).toHaveTextContent('Candidate0:05');
    expect(screen.queryByTestId('integrity-failed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('heuristic-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('heuristic-label')).not.toBeInTheDocument();
  });

  it('shows an answer that could not be transcribed as a turn to listen to', () => {
    const untranscribed = { speaker: 'candidate', text: '', startSeconds: 19, endSeconds: 31, notTranscribed: true };
    render(<InterviewEvidence analysis={{ ...analysis, turns: [...EVIDENCE.turns, untranscribed] } as InterviewAnalysis} />);
    const turns = screen.getAllByTestId('turn');
    expect(turns).toHaveLength(5);
    expect(turns[4]).toHaveTextContent('Candidate0:19Not transcribed — listen to the recording');
    expect(within(turns[4]!).getByRole('button')).toBeInTheDocument();
  });

  it('labels the self-hosted interviewer’s heuristic scores and says a person decides', () => {
    const heuristic = {
      ...analysis,
      questions: analysis.questions.map((q) =>
        q.score === null ? q : { ...q, score: 3, justification: 'Heuristic score (no language model): 12 words, naming Python.' },
      ),
      verdict: {
        ...analysis.verdict,
        rule: 'undecided',
        explanation: 'The analysis gave neither an evaluation nor scores.',
        gaps: [{ kind: 'noScores', message: 'The analysis gave no scores.' }],
      },
    } as unknown as InterviewAnalysis;
    render(<InterviewEvidence analysis={heuristic} />);
    expect(screen.getByTestId('heuristic-note')).toHaveTextContent('Scored without a language model.');
    expect(screen.getByTestId('heuristic-note')).toHaveTextContent('read the answers or listen to the recording, then decide');
    const [scored, unasked] = screen.getAllByTestId('question');
    expect(within(scored!).getByTestId('heuristic-label')).toHaveTextContent('Heuristic');
    expect(within(scored!).getByTestId('question-score')).toHaveTextContent('3/5');
    expect(scored).toHaveTextContent('Heuristic score (no language model): 12 words, naming Python.');
    expect(within(unasked!).queryByTestId('heuristic-label')).not.toBeInTheDocument();
  });

  it('seeks the recording to a clicked turn or answer and marks the turn being spoken', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<InterviewEvidence analysis={analysis} />);
    const audio = screen.getByTestId<HTMLAudioElement>('recording-audio');
    const turns = screen.getAllByTestId('turn');
    await user.click(within(turns[2]!).getByRole('button'));
    expect(audio.currentTime).toBe(8);
    expect(play).toHaveBeenCalled();
    expect(turns[2]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Answered at 0:12' }));
    expect(audio.currentTime).toBe(12);
    expect(turns[3]).toHaveAttribute('aria-current', 'true');
    audio.currentTime = 5.5;
    fireEvent.timeUpdate(audio);
    expect(turns[1]).toHaveAttribute('aria-current', 'true');
    expect(turns[3]).not.toHaveAttribute('aria-current');
  });

  it('says a tampered call is not scored, and falls back to the plain transcript without turns', () => {
    const tampered = {
      ...analysis,
      turns: [],
      integrity: { status: 'failed', detail: "The call's settings were overridden from outside (model)." },
    } as unknown as InterviewAnalysis;
    render(<InterviewEvidence analysis={tampered} />);
    expect(screen.getByTestId('integrity-failed')).toHaveTextContent('not scored');
    expect(screen.getByTestId('integrity-failed')).toHaveTextContent('overridden from outside (model)');
    expect(screen.queryAllByTestId('turn')).toHaveLength(0);
    expect(screen.getByText('AI: Hello')).toBeInTheDocument();
  });
});
