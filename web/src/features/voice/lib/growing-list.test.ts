import { describe, expect, it } from 'vitest';

import { addItem, filledItems, removeItem, setItem } from './growing-list';

describe('the assistant form lists', () => {
  it('grow by one empty box up to their maximum', () => {
    expect(addItem(['Rust'], 4)).toEqual(['Rust', '']);
    expect(addItem(['a', 'b', 'c', 'd'], 4)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shrink by the removed box, keeping one box to type in', () => {
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeItem(['only'], 0)).toEqual(['']);
  });

  it('set one box and send only the filled ones, trimmed', () => {
    expect(setItem(['a', 'b'], 1, 'B')).toEqual(['a', 'B']);
    expect(filledItems(['  Rust ', '', '   ', 'Go'])).toEqual(['Rust', 'Go']);
  });
});
