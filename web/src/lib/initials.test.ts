import { describe, expect, it } from 'vitest';

import { getInitials } from '@/lib/initials';

describe('getInitials', () => {
  it.each([
    ['Admin User', 'AU'],
    ['  jane   van der berg ', 'JV'],
    ['Cher', 'C'],
    ['N/A', 'N'],
    ['émile zola', 'ÉZ'],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });
});
