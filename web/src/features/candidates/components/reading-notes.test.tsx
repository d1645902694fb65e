import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { NameCheck, OcrBadge } from './reading-notes';

describe('reading notes', () => {
  it('asks to check a name read with little certainty, and only then', () => {
    const { rerender } = render(<NameCheck confidence={0.4} />);
    expect(screen.getByTestId('check-name')).toHaveTextContent('check name');
    rerender(<NameCheck confidence={0.95} />);
    expect(screen.queryByTestId('check-name')).toBeNull();
    rerender(<NameCheck confidence={null} />);
    expect(screen.queryByTestId('check-name')).toBeNull();
  });

  it('marks text read from a scan', () => {
    const { rerender } = render(<OcrBadge ocr />);
    expect(screen.getByTestId('ocr')).toHaveTextContent('Read by OCR');
    rerender(<OcrBadge ocr={false} />);
    expect(screen.queryByTestId('ocr')).toBeNull();
  });
});
