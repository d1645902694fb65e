import { describe, expect, it } from 'vitest';

import { sortFolders } from './format';

const folders = [
  { jdname: 'beta', createdOn: '2026-01-02T00:00:00Z' },
  { jdname: 'Alpha 10', createdOn: '2026-01-03T00:00:00Z' },
  { jdname: 'alpha 9', createdOn: '2026-01-01T00:00:00Z' },
];

describe('sortFolders', () => {
  it('sorts newest first by created date', () => {
    expect(sortFolders(folders, 'newest').map((f) => f.jdname)).toEqual(['Alpha 10', 'beta', 'alpha 9']);
  });

  it('sorts by name, ignoring case and reading numbers as numbers, without touching the input', () => {
    expect(sortFolders(folders, 'name').map((f) => f.jdname)).toEqual(['alpha 9', 'Alpha 10', 'beta']);
    expect(folders[0]!.jdname).toBe('beta');
  });
});
