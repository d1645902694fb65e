import { describe, expect, it } from 'vitest';

import { applyFilters, nextScoreSort, readFilters, writeFilters } from './list-filters';

describe('list filters', () => {
  it('defaults to page 1, newest first, no filters', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({ page: 1, sort: 'newest', q: '', recommendation: '', stage: '' });
    expect(readFilters(new URLSearchParams('page=-2&sort=evil&recommendation=maybe&stage=limbo'))).toEqual({
      page: 1,
      sort: 'newest',
      q: '',
      recommendation: '',
      stage: '',
    });
  });

  it('reads what it writes, leaving defaults out of the URL', () => {
    const filters = { page: 3, sort: 'score' as const, q: '98765', recommendation: 'Pass' as const, stage: 'shortlisted' as const };
    const params = writeFilters(filters);
    expect(params.toString()).toBe('page=3&sort=score&q=98765&recommendation=Pass&stage=shortlisted');
    expect(readFilters(params)).toEqual(filters);
    expect(writeFilters({ page: 1, sort: 'newest', q: '', recommendation: '', stage: '' }).toString()).toBe('');
  });

  it('resets to page 1 when the text, sort, recommendation or stage changes', () => {
    const at5 = { page: 5, sort: 'newest' as const, q: '', recommendation: '' as const, stage: '' as const };
    expect(applyFilters(at5, { q: 'priya' }).page).toBe(1);
    expect(applyFilters(at5, { recommendation: 'Fail' }).page).toBe(1);
    expect(applyFilters(at5, { sort: 'score' }).page).toBe(1);
    expect(applyFilters(at5, { stage: 'rejected' }).page).toBe(1);
    expect(applyFilters(at5, { q: '' }).page).toBe(5);
    expect(applyFilters(at5, { page: 6 })).toEqual({ ...at5, page: 6 });
  });

  it('cycles the score sort', () => {
    expect(nextScoreSort('newest')).toBe('score');
    expect(nextScoreSort('score')).toBe('score_asc');
    expect(nextScoreSort('score_asc')).toBe('newest');
  });
});
