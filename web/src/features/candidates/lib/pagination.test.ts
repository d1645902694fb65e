import { describe, expect, it } from 'vitest';

import { pageCount, pageNumbers } from './pagination';

describe('pageCount', () => {
  it('rounds up and never says zero pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(50_000, 10)).toBe(5000);
  });
});

describe('pageNumbers', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(1, 0)).toEqual([1]);
  });

  it('shows first, last, the neighbours and ellipses from 8 pages', () => {
    expect(pageNumbers(1, 8)).toEqual([1, 2, 3, 4, 'ellipsis-end', 8]);
    expect(pageNumbers(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageNumbers(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(pageNumbers(2500, 5000)).toEqual([1, 'ellipsis-start', 2499, 2500, 2501, 'ellipsis-end', 5000]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageNumbers(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pageNumbers(99, 9)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9]);
    expect(pageNumbers(-3, 9)).toEqual([1, 2, 3, 4, 'ellipsis-end', 9]);
  });
});
