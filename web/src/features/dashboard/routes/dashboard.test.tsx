import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { toDashboardRecord } from '../api/get-dashboard';
import { DashboardRoute } from './dashboard';

const RECORD = {
  ResumesUploaded: 200,
  TotalInviteSent: 50,
  MeetingsScheduled: 20,
  TotalToday: 6,
  InterviewedToday: 4,
  RemainingToday: 2,
  YesterdayCount: 3,
  TomorrowCount: 7,
  BotJoined: 10,
  NeedsReviewCandidates: 5,
  PassCandidates: 100,
};

const value = (key: string) => screen.getByTestId(`dashboard-${key}`).textContent;
const width = (key: string) => screen.getByTestId(`dashboard-${key}-bar`).style.width;

describe('DashboardRoute', () => {
  it('shows a skeleton, then every count from the first element of the answer', async () => {
    seedSession();
    const { calls } = mockFetch(() => json(200, [RECORD, { ResumesUploaded: 999 }]));
    renderPage(<DashboardRoute />);

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Hirelane' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hiring Overview' })).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/Interview/Dashboard', method: 'GET' });
    expect(calls[0]!.headers.authorization).toBe('Bearer access-1');

    const overview = [
      ['Resumes Uploaded', 'resumes-uploaded', '200'],
      ['Invites Sent', 'invites-sent', '50'],
      ['Meetings Scheduled', 'meetings-scheduled', '20'],
      ['Bot Joined', 'bot-joined', '10'],
      ['Needs Review', 'needs-review', '5'],
      ['Qualified Candidates', 'qualified-candidates', '100'],
    ];
    for (const [label, key, number] of overview) {
      expect(screen.getByText(label!)).toBeInTheDocument();
      expect(value(key!)).toBe(number);
    }

    expect(screen.getByRole('heading', { name: "Today's Interview Summary" })).toBeInTheDocument();
    expect(screen.getByText('Total Interviews')).toBeInTheDocument();
    expect(value('total-interviews')).toBe('6');
    expect(value('interviewed')).toBe('4');
    expect(value('remaining')).toBe('2');

    expect(screen.getByRole('heading', { name: 'Interview Timeline Overview' })).toBeInTheDocument();
    expect(value('yesterday')).toBe('3');
    expect(value('today')).toBe('6');
    expect(value('tomorrow')).toBe('7');

    // Quick links stay.
    expect(screen.getByRole('link', { name: /Candidate List/ })).toHaveAttribute('href', '/candidates');
  });

  it('draws each bar relative to the largest overview value', async () => {
    seedSession();
    mockFetch(() => json(200, [RECORD]));
    renderPage(<DashboardRoute />);
    await screen.findByRole('heading', { name: 'Hiring Overview' });
    expect(width('resumes-uploaded')).toBe('100%');
    expect(width('qualified-candidates')).toBe('50%');
    expect(width('invites-sent')).toBe('25%');
    expect(width('meetings-scheduled')).toBe('10%');
    expect(width('bot-joined')).toBe('5%');
    expect(width('needs-review')).toBe('2.5%');
  });

  it('logs a failed fetch and shows zeros, with no error message', async () => {
    seedSession();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => json(400, { message: 'Bad request', code: 'bad_request' }));
    renderPage(<DashboardRoute />);
    await screen.findByRole('heading', { name: 'Hiring Overview' });
    expect(value('resumes-uploaded')).toBe('0');
    expect(value('tomorrow')).toBe('0');
    expect(width('resumes-uploaded')).toBe('0%');
    expect(logged).toHaveBeenCalledWith('Failed to load the dashboard', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows zeros for an empty answer', async () => {
    seedSession();
    mockFetch(() => json(200, []));
    renderPage(<DashboardRoute />);
    await screen.findByRole('heading', { name: 'Hiring Overview' });
    expect(value('invites-sent')).toBe('0');
    expect(value('total-interviews')).toBe('0');
  });
});

describe('toDashboardRecord', () => {
  it('reads numbers, numeric text and treats anything else as 0', () => {
    const record = toDashboardRecord([
      { ResumesUploaded: '12', TotalInviteSent: null, MeetingsScheduled: -3, BotJoined: 'x', PassCandidates: 4.7 },
    ]);
    expect(record.ResumesUploaded).toBe(12);
    expect(record.TotalInviteSent).toBe(0);
    expect(record.MeetingsScheduled).toBe(0);
    expect(record.BotJoined).toBe(0);
    expect(record.PassCandidates).toBe(4);
    expect(record.TomorrowCount).toBe(0);
    expect(toDashboardRecord(null).ResumesUploaded).toBe(0);
    expect(toDashboardRecord({}).ResumesUploaded).toBe(0);
  });
});
