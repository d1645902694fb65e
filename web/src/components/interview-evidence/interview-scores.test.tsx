import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { InterviewAnalysis } from '@/lib/queries/interview-analysis';
import { EVIDENCE, GRADING } from '@/testing/interview-evidence';

import { InterviewScores } from './interview-scores';

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

describe('InterviewScores', () => {
  it('shows our grader’s bars beside the provider’s, says why a bar is empty and that a person decides', () => {
    render(<InterviewScores analysis={analysis} />);
    const grades = screen.getByRole('region', { name: 'Answer grades' });
    expect(grades).toHaveTextContent('Graded by assess-1.1.0+all-MiniLM-L6-v2@3f2a9c1 on Nov 27, 2026');
    expect(within(grades).getByRole('meter', { name: 'Technical (answer grades)' })).toHaveAttribute('aria-valuenow', '68');
    const problemSolving = within(grades).getByRole('meter', { name: 'Problem solving (answer grades)' });
    expect(problemSolving).toHaveAttribute('aria-valuetext', 'No question is tagged problem solving');
    expect(grades).toHaveTextContent('No question is tagged problem solving');
    expect(within(grades).getByRole('meter', { name: 'Communication (answer grades)' })).toHaveAttribute('aria-valuenow', '74');
    expect(within(grades).getByRole('list', { name: 'Communication features' })).toHaveTextContent(
      '1 of 1 question answered128 words per minute1.3 fillers per 100 words',
    );
    expect(within(grades).getByTestId('grading-method')).toHaveTextContent(GRADING.method);

    const second = screen.getByRole('region', { name: "Second opinion: the provider's analysis" });
    expect(within(second).getByRole('meter', { name: 'Technical' })).toHaveAttribute('aria-valuenow', '80');
    expect(within(second).getByRole('meter', { name: 'Problem Solving' })).toHaveAttribute('aria-valuetext', 'Not scored');
    expect(within(second).getByRole('meter', { name: 'Cultural Fit' })).toHaveAttribute('aria-valuenow', '70');
    expect(screen.getByRole('note')).toHaveTextContent("Scores inform a recruiter's decision; Pass or Fail is always set by a person.");
  });

  it('says an interview without a grading has not been graded, and still shows the provider’s scores', () => {
    render(<InterviewScores analysis={{ ...analysis, grading: null }} />);
    expect(screen.getByRole('region', { name: 'Answer grades' })).toHaveTextContent('has not been graded');
    expect(screen.queryByRole('meter', { name: /answer grades/ })).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Technical' })).toBeInTheDocument();
  });
});
