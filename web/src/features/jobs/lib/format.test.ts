import { describe, expect, it } from 'vitest';

import { daysLeftText, daysUntilPurge, sortFolders } from './format';

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

describe('daysUntilPurge', () => {
  const deletedAt = Date.parse('2026-03-02T09:20:00Z');
  const purgeAt = '2026-04-01T09:20:00Z';
  const at = (ms: number) => new Date(deletedAt + ms);

  it('says 30 right after the delete, where rounding down said 29', () => {
    expect(daysUntilPurge({ purgeAt, daysLeft: 29 }, at(1_000))).toBe(30);
    expect(daysUntilPurge({ purgeAt, daysLeft: 30 }, at(0))).toBe(30);
  });

  it('counts a begun day as a whole one, down to 1 on the last day and 0 once due', () => {
    const day = 86_400_000;
    expect(daysUntilPurge({ purgeAt, daysLeft: 0 }, at(day + 1))).toBe(29);
    expect(daysUntilPurge({ purgeAt, daysLeft: 0 }, at(29 * day + 1))).toBe(1);
    expect(daysUntilPurge({ purgeAt, daysLeft: 0 }, at(30 * day))).toBe(0);
    expect(daysUntilPurge({ purgeAt, daysLeft: 0 }, at(31 * day))).toBe(0);
  });

  it("falls back to the server's count when purgeAt is not a date", () => {
    expect(daysUntilPurge({ purgeAt: '', daysLeft: 12 })).toBe(12);
  });
});

describe('daysLeftText', () => {
  it('words the count', () => {
    expect(daysLeftText(30)).toBe('30 days left');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('Deleted for good today');
  });
});
