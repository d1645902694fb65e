import { describe, expect, it } from 'vitest';

import { analysisProgress, pollWhileRunning } from './analysis-progress';
import { uploadReducer, uploadSummary } from './upload-queue';
import type { UploadRow } from './upload-queue';

describe('analysisProgress', () => {
  it('counts each state and keeps running while anything is queued or analysing', () => {
    const progress = analysisProgress(['queued', 'analysing', 'done', 'done', 'unreadable', 'failed', 'no_resume']);
    expect(progress).toMatchObject({ total: 6, done: 2, pending: 2, unreadable: 1, failed: 1, noResume: 1, running: true });
    expect(progress.percent).toBe(67);
  });

  it('leaves CSV candidates out: a JD of them alone has no resumes to analyse', () => {
    expect(analysisProgress(['no_resume', 'no_resume'])).toMatchObject({ total: 0, done: 0, noResume: 2, running: false });
    expect(analysisProgress(['no_resume', 'done'])).toMatchObject({ total: 1, done: 1, percent: 100 });
  });

  it('stops when every row is settled; an empty JD is complete', () => {
    expect(analysisProgress(['done', 'unreadable']).running).toBe(false);
    expect(analysisProgress([])).toMatchObject({ total: 0, percent: 100, running: false });
  });

  it('polls only while something is pending', () => {
    expect(pollWhileRunning(undefined)).toBe(false);
    expect(pollWhileRunning([{ analysisStatus: 'done' }])).toBe(false);
    expect(pollWhileRunning([{ analysisStatus: 'done' }, { analysisStatus: 'queued' }])).toBe(1500);
  });
});

const row = (id: string, size = 1000, state: UploadRow['state'] = 'waiting'): UploadRow => ({
  id,
  name: `${id}.pdf`,
  size,
  state,
  progress: 0,
  message: null,
});

describe('uploadReducer', () => {
  it('moves a file from waiting to uploading with progress to done', () => {
    let rows = uploadReducer([], { type: 'add', rows: [row('a'), row('b')] });
    rows = uploadReducer(rows, { type: 'start', id: 'a' });
    rows = uploadReducer(rows, { type: 'progress', id: 'a', progress: 42.4 });
    expect(rows[0]).toMatchObject({ state: 'uploading', progress: 42 });
    expect(rows[1]).toMatchObject({ state: 'waiting', progress: 0 });
    rows = uploadReducer(rows, { type: 'done', id: 'a', outcome: 'updated', message: 'Updated the existing candidate.' });
    expect(rows[0]).toMatchObject({ state: 'done', progress: 100, outcome: 'updated', message: 'Updated the existing candidate.' });
  });

  it('ignores late or backwards progress and marks rejections failed', () => {
    let rows = uploadReducer([row('a')], { type: 'start', id: 'a' });
    rows = uploadReducer(rows, { type: 'progress', id: 'a', progress: 80 });
    rows = uploadReducer(rows, { type: 'progress', id: 'a', progress: 30 });
    expect(rows[0]!.progress).toBe(80);
    rows = uploadReducer(rows, { type: 'done', id: 'a', outcome: 'rejected', message: 'No text' });
    rows = uploadReducer(rows, { type: 'progress', id: 'a', progress: 10 });
    expect(rows[0]).toMatchObject({ state: 'failed', progress: 100 });
  });

  it('clear empties the displayed selection', () => {
    expect(uploadReducer([row('a')], { type: 'clear' })).toEqual([]);
  });
});

describe('uploadSummary', () => {
  it('weights the overall bar by size and leaves invalid files out', () => {
    const rows: UploadRow[] = [
      { ...row('a', 3000), state: 'done', progress: 100 },
      { ...row('b', 1000), state: 'uploading', progress: 50 },
      { ...row('c', 500), state: 'invalid', message: 'Invalid file name.' },
    ];
    expect(uploadSummary(rows)).toMatchObject({ total: 2, finished: 1, succeeded: 1, invalid: 1, percent: 88, complete: false });
  });

  it('is complete when every sent file has an answer', () => {
    const rows: UploadRow[] = [
      { ...row('a'), state: 'done', progress: 100 },
      { ...row('b'), state: 'failed', message: 'Upload failed: x' },
    ];
    expect(uploadSummary(rows)).toMatchObject({ complete: true, succeeded: 1, failed: 1 });
  });
});
