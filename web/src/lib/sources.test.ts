import { describe, expect, it } from 'vitest';

import { SOURCES, isSource, sourceLabel, toSource } from './sources';

describe('sources', () => {
  it('names every source the server sends, applications first', () => {
    expect(SOURCES.map((source) => source.value)).toEqual(['applied', 'uploaded', 'csv']);
    expect(SOURCES.map((source) => sourceLabel(source.value))).toEqual(['Applied', 'Uploaded', 'CSV']);
  });

  it('takes only the server’s values', () => {
    expect(isSource('applied')).toBe(true);
    expect(isSource('Applied')).toBe(false);
    expect(isSource(undefined)).toBe(false);
    expect(toSource('csv')).toBe('csv');
    expect(toSource('email')).toBeNull();
    expect(toSource(null)).toBeNull();
  });
});
