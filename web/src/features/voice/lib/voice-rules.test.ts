import { describe, expect, it } from 'vitest';

import type { Assistant, Call } from '../api/types';
import {
  DEFAULT_CALL_SORT,
  assistantName,
  callOutcome,
  callScore,
  dayRange,
  formatClock,
  formatDuration,
  historyCalls,
  istToIso,
  isPast,
  nextCallSort,
  percent,
  shortId,
  sortAssistants,
  sortCalls,
  statusTone,
  todayInIst,
  truncateWords,
  validateAssistant,
  withPlus,
} from './voice-rules';

const call = (id: string, success: string | undefined, endedAt: string | null, overrides: Partial<Call> = {}): Call => ({
  id,
  type: 'webCall',
  assistantId: null,
  name: null,
  scheduledAt: null,
  customer: { number: null },
  status: 'ended',
  createdAt: null,
  startedAt: null,
  endedAt,
  endedReason: null,
  metadata: { candidateName: null },
  artifact: { recordingUrl: null, transcript: null },
  analysis: { summary: null, successEvaluation: success ?? null, structuredData: null },
  interviewStatus: null,
  scores: { technicalScore: null, communicationScore: null, problemSolvingScore: null, culturalFitScore: null },
  ...overrides,
});

const scored = (technicalScore: number | null) => ({
  scores: { technicalScore, communicationScore: null, problemSolvingScore: null, culturalFitScore: null },
});

describe('IST conversion', () => {
  it('reads the form time as +05:30', () => {
    expect(istToIso('2026-03-05', '10:30')).toBe('2026-03-05T05:00:00.000Z');
    expect(istToIso('2026-03-05', '01:15')).toBe('2026-03-04T19:45:00.000Z');
  });
  it('refuses malformed and impossible dates', () => {
    expect(istToIso('2026-02-30', '10:00')).toBeNull();
    expect(istToIso('05/03/2026', '10:00')).toBeNull();
    expect(istToIso('2026-03-05', '25:00')).toBeNull();
    expect(istToIso('', '')).toBeNull();
  });
  it('refuses a time already past, with a minute of grace', () => {
    const now = new Date('2026-03-05T05:00:30Z');
    expect(isPast('2026-03-05T04:59:00.000Z', now)).toBe(true);
    expect(isPast('2026-03-05T05:00:00.000Z', now)).toBe(false);
    expect(isPast('2026-03-05T05:15:00.000Z', now)).toBe(false);
  });
  it('knows today in IST', () => {
    expect(todayInIst(new Date('2026-03-04T19:00:00Z'))).toBe('2026-03-05');
    expect(todayInIst(new Date('2026-03-04T18:00:00Z'))).toBe('2026-03-04');
  });
  it('adds a leading plus', () => {
    expect(withPlus('919876543210')).toBe('+919876543210');
    expect(withPlus(' +1415 ')).toBe('+1415');
  });
});

describe('create assistant validation', () => {
  it('reports the first missing field in order', () => {
    const empty = { assistantName: '', candidateName: '', role: '', experience: '', interviewTime: '' };
    expect(validateAssistant(empty)).toBe('Assistant Name is required.');
    expect(validateAssistant({ ...empty, assistantName: 'A' })).toBe('Candidate Name is required.');
    expect(validateAssistant({ ...empty, assistantName: 'A', candidateName: 'B' })).toBe('Role is required.');
    expect(validateAssistant({ ...empty, assistantName: 'A', candidateName: 'B', role: 'C' })).toBe('Experience is required.');
    expect(validateAssistant({ assistantName: 'A', candidateName: 'B', role: 'C', experience: 'D', interviewTime: ' ' })).toBe(
      'Interview Time is required.',
    );
    expect(validateAssistant({ assistantName: 'A', candidateName: 'B', role: 'C', experience: 'D', interviewTime: '30' })).toBeNull();
  });
});

describe('call history', () => {
  it('keeps successful evaluations only, newest end first', () => {
    const calls = [
      call('a', 'true', '2026-03-02T10:00:00Z'),
      call('b', 'false', '2026-03-02T12:00:00Z'),
      call('c', 'true', '2026-03-02T11:00:00Z'),
      call('d', undefined, null),
    ];
    expect(historyCalls(calls).map((c) => c.id)).toEqual(['c', 'a']);
  });
  it('filters from the start to the end of the chosen days (local time)', () => {
    const range = dayRange('2026-03-02', '2026-03-03');
    expect(range.createdAtGt).toBe(new Date(2026, 2, 2, 0, 0, 0, 0).toISOString());
    expect(range.createdAtLt).toBe(new Date(2026, 2, 3, 23, 59, 59, 999).toISOString());
    expect(dayRange('', '')).toEqual({});
  });
  it('shows durations in whole minutes or a dash', () => {
    expect(formatDuration({ startedAt: '2026-03-02T10:00:00Z', endedAt: '2026-03-02T10:04:40Z' })).toBe('5 min');
    expect(formatDuration({ startedAt: '2026-03-02T10:00:00Z', endedAt: '2026-03-02T10:00:20Z' })).toBe('-');
    expect(formatDuration({ startedAt: null, endedAt: '2026-03-02T10:00:20Z' })).toBe('-');
  });
  it('formats ids, scores and names', () => {
    expect(shortId('019a9046-121e-766d')).toBe('019a9046');
    expect(percent(80)).toBe('80%');
    expect(percent(null)).toBe('-');
    // The server's 0-100 score, else the provider's 0-10 one.
    expect(callScore(call('a', 'true', null, scored(80)), 'technical')).toBe(80);
    const provider = call('b', 'true', null, {
      analysis: { summary: null, successEvaluation: 'true', structuredData: { additionalInterviewMetrics: { communicationScore: 7 } } },
    });
    expect(callScore(provider, 'communication')).toBe(70);
    expect(callScore(provider, 'problemSolving')).toBeNull();
    const assistants = [{ id: 'x', name: 'Ava', createdAt: '', updatedAt: '' }] as Assistant[];
    expect(assistantName(assistants, 'x', false)).toBe('Ava');
    expect(assistantName(assistants, 'y', false)).toBe('Unknown Assistant');
    expect(assistantName(undefined, 'x', true)).toBe('Error Fetching Name');
  });
});

describe('call history order', () => {
  const calls = [
    call('early', 'true', '2026-03-02T09:00:00Z', { metadata: { candidateName: 'bea' }, startedAt: '2026-03-02T08:50:00Z', ...scored(40) }),
    call('late', 'true', '2026-03-02T11:00:00Z', { metadata: { candidateName: 'Al' }, startedAt: '2026-03-02T10:58:00Z', ...scored(null) }),
    call('open', 'true', null, { metadata: { candidateName: null }, ...scored(90) }),
  ];
  const ids = (sorted: Call[]) => sorted.map((c) => c.id);

  it('sorts by any column either way, with missing values last', () => {
    expect(ids(sortCalls(calls, DEFAULT_CALL_SORT))).toEqual(['late', 'early', 'open']);
    expect(ids(sortCalls(calls, { key: 'ended', direction: 'asc' }))).toEqual(['early', 'late', 'open']);
    expect(ids(sortCalls(calls, { key: 'candidate', direction: 'asc' }))).toEqual(['late', 'early', 'open']);
    expect(ids(sortCalls(calls, { key: 'candidate', direction: 'desc' }))).toEqual(['early', 'late', 'open']);
    expect(ids(sortCalls(calls, { key: 'duration', direction: 'desc' }))).toEqual(['early', 'late', 'open']);
    expect(ids(sortCalls(calls, { key: 'technical', direction: 'desc' }))).toEqual(['open', 'early', 'late']);
    expect(ids(sortCalls(calls, { key: 'technical', direction: 'asc' }))).toEqual(['early', 'open', 'late']);
  });

  it('turns the same column round; another starts A-Z for names, highest first for the rest', () => {
    expect(nextCallSort(DEFAULT_CALL_SORT, 'ended')).toEqual({ key: 'ended', direction: 'asc' });
    expect(nextCallSort(DEFAULT_CALL_SORT, 'candidate')).toEqual({ key: 'candidate', direction: 'asc' });
    expect(nextCallSort(DEFAULT_CALL_SORT, 'technical')).toEqual({ key: 'technical', direction: 'desc' });
  });
});

describe('call outcome', () => {
  const outcome = (status: string | null, endedReason: string | null) => callOutcome({ status, endedReason }).label;

  it('names in words what became of a call', () => {
    expect(outcome('ended', 'assistant-ended-call')).toBe('Completed');
    expect(outcome('ended', 'customer-ended-call')).toBe('Completed');
    expect(outcome('ended', 'exceeded-max-duration')).toBe('Completed');
    expect(outcome('ended', null)).toBe('Completed');
    expect(outcome('ended', 'customer-did-not-answer')).toBe('No answer');
    expect(outcome('ended', 'customer-busy')).toBe('Busy');
    expect(outcome('ended', 'voicemail')).toBe('Voicemail');
    expect(outcome('ended', 'manually-canceled')).toBe('Canceled');
    expect(outcome('ended', 'pipeline-error-openai-llm-failed')).toBe('Failed');
    expect(outcome('ended', 'twilio-failed-to-connect-call')).toBe('Failed');
    expect(outcome('ended', 'assistant-not-found')).toBe('Failed');
    expect(outcome('ended', 'customer-did-not-give-microphone-permission')).toBe('Failed');
    expect(outcome('scheduled', null)).toBe('Scheduled');
    expect(outcome('queued', null)).toBe('Scheduled');
    expect(outcome('ringing', null)).toBe('In progress');
    expect(outcome('in-progress', null)).toBe('In progress');
    expect(outcome(null, null)).toBe('Unknown');
  });

  it('colours them by how they went', () => {
    expect(callOutcome({ status: 'ended', endedReason: 'assistant-ended-call' }).tone).toBe('green');
    expect(callOutcome({ status: 'ended', endedReason: 'customer-busy' }).tone).toBe('amber');
    expect(callOutcome({ status: 'ended', endedReason: 'assistant-error' }).tone).toBe('red');
    expect(callOutcome({ status: 'in-progress', endedReason: null }).tone).toBe('blue');
  });
});

describe('assistants list', () => {
  it('truncates descriptions to 50 words', () => {
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(truncateWords(long).split(' ')).toHaveLength(50);
    expect(truncateWords(long).endsWith('…')).toBe(true);
    expect(truncateWords('short text')).toBe('short text');
  });
  it('sorts by name or newest first', () => {
    const items = [
      { id: '1', name: 'beta', createdAt: '2026-03-01T00:00:00Z', updatedAt: '' },
      { id: '2', name: 'Alpha', createdAt: '2026-03-02T00:00:00Z', updatedAt: '' },
    ] as Assistant[];
    expect(sortAssistants(items, 'name').map((a) => a.id)).toEqual(['2', '1']);
    expect(sortAssistants(items, 'created').map((a) => a.id)).toEqual(['2', '1']);
  });
  it('colours outcomes', () => {
    expect(statusTone('Pass')).toBe('green');
    expect(statusTone('fail')).toBe('red');
    expect(statusTone('Needs Review')).toBe('yellow');
    expect(formatClock(75.9)).toBe('1:15');
  });
});
