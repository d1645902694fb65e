import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { InterviewAnalysis } from '@/lib/queries/interview-analysis';
import { EVIDENCE, GRADING } from '@/testing/interview-evidence';

import { InterviewEvidence } from './interview-evidence';

const analysis = {
  callId: 'call-1',
  interviewStatus: 'Needs Review',
  transcript: 'AI: Hello',
  audioLink: '/api/Voice/recordings/call-1?sig=abc',
  technicalScore: 80,
  communicationScore: 65,
  problemSolvingScore: null,
  culturalFitScore: 70,
  ...EVIDENCE,
  grading: GRADING,
} as unknown as InterviewAnalysis;

describe('InterviewEvidence: answer grades', () => {
  afterEach(() => vi.restoreAllMocks());

  it('grades each question: score, confidence, competency, notes, covered with quotes, missing; or Not asked', () => {
    render(<InterviewEvidence analysis={analysis} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Answer grades by question' })).getAllByTestId('answer-grade');
    expect(within(first!).getByTestId('answer-score')).toHaveTextContent('3.40 / 5');
    expect(first).toHaveTextContent('Technical · Confidence: high');
    expect(within(first!).getByRole('list', { name: 'Notes on question 1' })).toHaveTextContent(
      'Matched on shared words only for one point.',
    );
    const covered = within(first!).getByRole('list', { name: 'Covered' });
    expect(covered).toHaveTextContent('Isolate the wait conditions (match 82%)');
    expect(within(covered).getByRole('button', { name: '“I isolate the wait conditions first.” at 0:12' })).toBeInTheDocument();
    expect(within(first!).getByRole('list', { name: 'Missing' })).toHaveTextContent('Quarantine flaky tests');
    expect(within(first!).queryByRole('list', { name: 'Contradicted' })).not.toBeInTheDocument();

    expect(within(second!).getByTestId('answer-score')).toHaveTextContent('Not asked');
    expect(second).toHaveTextContent('No answer was heard for this question.');
    expect(within(second!).queryByRole('list', { name: 'Missing' })).not.toBeInTheDocument();
  });

  it('marks the quoted words in the transcript', () => {
    render(<InterviewEvidence analysis={analysis} />);
    const answer = screen.getAllByTestId('turn')[3]!;
    const marks = within(answer).getAllByTestId('quote-mark');
    expect(marks.map((mark) => mark.tagName)).toEqual(['MARK', 'MARK']);
    expect(marks.map((mark) => mark.textContent)).toEqual(['I isolate the wait conditions first.', 'Then I retry with logs.']);
    expect(answer).toHaveTextContent('I isolate the wait conditions first. Then I retry with logs.');
    expect(within(screen.getAllByTestId('turn')[1]!).queryByTestId('quote-mark')).not.toBeInTheDocument();
  });

  it('seeks the recording to a clicked quote and brings its turn into focus', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<InterviewEvidence analysis={analysis} />);
    const audio = screen.getByTestId<HTMLAudioElement>('recording-audio');
    await user.click(screen.getByRole('button', { name: /^“I isolate the wait conditions first\.”/ }));
    expect(audio.currentTime).toBe(12.4);
    expect(play).toHaveBeenCalled();
    const answer = screen.getAllByTestId('turn')[3]!;
    expect(answer).toHaveFocus();
    expect(answer).toHaveAttribute('aria-current', 'true');
  });

  it('without a time or a recording, a quote still leads to its turn', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<InterviewEvidence analysis={analysis} />);
    const audio = screen.getByTestId<HTMLAudioElement>('recording-audio');
    await user.click(screen.getByRole('button', { name: '“Then I retry with logs.”' }));
    expect(audio.currentTime).toBe(0);
    expect(screen.getAllByTestId('turn')[3]).toHaveFocus();
    unmount();

    render(<InterviewEvidence analysis={{ ...analysis, audioLink: null }} />);
    await user.click(screen.getByRole('button', { name: /^“I isolate the wait conditions first\.”/ }));
    expect(screen.getAllByTestId('turn')[3]).toHaveFocus();
  });
});
