import { describe, expect, it } from 'vitest';

import {
  DEFAULT_FILTERS,
  applyFilters,
  columnSort,
  isFiltered,
  nextSort,
  readFilters,
  reportFilterSummary,
  writeFilters,
} from './list-filters';
import type { ListFilters } from './list-filters';

describe('list filters', () => {
  it('defaults to page 1 of 10, newest first, no filters', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'newest',
      q: '',
      job: '',
      recommendation: '',
      interviewStatus: '',
      stage: '',
      source: '',
      reached: '',
      finished: '',
      fact: '',
      addedFrom: '',
      addedTo: '',
      scorecardBy: '',
      decidedBy: '',
      actedFrom: '',
      actedTo: '',
    });
    expect(
      readFilters(
        new URLSearchParams(
          'page=-2&pageSize=7&sort=evil&recommendation=maybe&interviewStatus=pass&stage=limbo&source=Applied&reached=far&finished=maybe&fact=x&addedFrom=March' +
            '&scorecardBy=rita&decidedBy=-3&actedFrom=soon&actedTo=2026-2-1',
        ),
      ),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('reads what it writes, leaving defaults out of the URL', () => {
    const filters: ListFilters = {
      page: 3,
      pageSize: 50,
      sort: 'score',
      q: '98765',
      job: 'jd-7',
      recommendation: 'Pass',
      interviewStatus: 'Needs Review',
      stage: 'shortlisted',
      source: 'applied',
      reached: 'invited',
      finished: 'true',
      fact: 'inviteSent',
      addedFrom: '2026-02-01',
      addedTo: '2026-02-28',
      scorecardBy: '7',
      decidedBy: '8',
      actedFrom: '2026-03-01',
      actedTo: '2026-03-31',
    };
    const params = writeFilters(filters);
    expect(params.toString()).toBe(
      'page=3&pageSize=50&sort=score&q=98765&job=jd-7&recommendation=Pass&interviewStatus=Needs+Review&stage=shortlisted&source=applied' +
        '&reached=invited&finished=true&fact=inviteSent&addedFrom=2026-02-01&addedTo=2026-02-28' +
        '&scorecardBy=7&decidedBy=8&actedFrom=2026-03-01&actedTo=2026-03-31',
    );
    expect(readFilters(params)).toEqual(filters);
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('resets to page 1 when anything but the page changes', () => {
    const at5 = { ...DEFAULT_FILTERS, page: 5 };
    for (const patch of [
      { q: 'priya' },
      { recommendation: 'Fail' },
      { sort: 'score' },
      { stage: 'rejected' },
      { interviewStatus: 'Pass' },
      { job: 'jd-9' },
      { source: 'csv' },
      { pageSize: 20 },
    ] as Array<Partial<ListFilters>>) {
      expect(applyFilters(at5, patch).page, JSON.stringify(patch)).toBe(1);
    }
    expect(applyFilters(at5, { q: '' }).page).toBe(5);
    expect(applyFilters(at5, { page: 6 })).toEqual({ ...at5, page: 6 });
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'name', pageSize: 50 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, interviewStatus: 'Fail' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, job: 'jd-1' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, source: 'applied' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, decidedBy: '7' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, actedFrom: '2026-02-01' })).toBe(false);
  });

  it('says in words which report number the list shows', () => {
    const noShows = readFilters(new URLSearchParams('fact=noShow&addedFrom=2026-02-01&addedTo=2026-02-28'));
    expect(reportFilterSummary(noShows)).toBe('No-show at the AI interview · Added 2026-02-01 to 2026-02-28');
    const cards = readFilters(new URLSearchParams('scorecardBy=7&actedFrom=2026-02-01&actedTo=2026-02-28'));
    expect(reportFilterSummary(cards)).toBe('Scorecard by recruiter #7 · Acted 2026-02-01 to 2026-02-28');
    expect(reportFilterSummary({ ...DEFAULT_FILTERS, decidedBy: '7', actedTo: '2026-02-28' })).toBe(
      'Moved between stages by recruiter #7 · Acted until 2026-02-28',
    );
  });

  it('reads each source the server knows, by its value', () => {
    for (const source of ['applied', 'uploaded', 'csv'] as const) {
      expect(readFilters(new URLSearchParams(`source=${source}`)).source).toBe(source);
    }
    expect(readFilters(new URLSearchParams('source=')).source).toBe('');
    expect(readFilters(new URLSearchParams('source=CSV')).source).toBe('');
  });

  it('cycles each sortable column and tells its order', () => {
    expect(nextSort('score', 'newest')).toBe('score');
    expect(nextSort('score', 'score')).toBe('score_asc');
    expect(nextSort('score', 'score_asc')).toBe('newest');
    expect(nextSort('name', 'score')).toBe('name');
    expect(nextSort('name', 'name')).toBe('newest');
    expect(nextSort('uploaded', 'newest')).toBe('oldest');
    expect(nextSort('uploaded', 'name')).toBe('newest');
    expect(columnSort('score', 'score_asc')).toBe('ascending');
    expect(columnSort('name', 'name')).toBe('ascending');
    expect(columnSort('name', 'newest')).toBe('none');
    expect(columnSort('uploaded', 'newest')).toBe('descending');
    expect(columnSort('uploaded', 'score')).toBe('none');
  });
});
