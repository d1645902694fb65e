import { describe, expect, it } from 'vitest';

import { pickAssistant } from './assistant-select';

const ADA = { id: 'a-1', name: 'Ada' };
const BOB = { id: 'b-2', name: 'Bob' };

describe('pickAssistant', () => {
  it('keeps the choice while the assistant exists', () => {
    expect(pickAssistant('b-2', [ADA, BOB])).toBe('b-2');
  });

  it('takes the only assistant when nothing (or a deleted one) was chosen', () => {
    expect(pickAssistant('', [ADA])).toBe('a-1');
    expect(pickAssistant('gone', [ADA])).toBe('a-1');
  });

  it('chooses nothing among several, or before the list arrives', () => {
    expect(pickAssistant('', [ADA, BOB])).toBe('');
    expect(pickAssistant('gone', [ADA, BOB])).toBe('');
    expect(pickAssistant('a-1', [])).toBe('');
  });
});
