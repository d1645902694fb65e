import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { RichTextEditor } from './rich-text-editor';

function renderEditor() {
  const view = render(
    <>
      <span id="description-label">Job Description</span>
      <RichTextEditor labelledBy="description-label" defaultValue="<p>Own the on-call rota.</p>" onChange={vi.fn()} />
    </>,
  );
  const toolbar = view.container.querySelector<HTMLElement>('.ql-toolbar');
  if (!toolbar) throw new Error('Quill rendered no toolbar');
  return { ...view, toolbar };
}

/** The accessible names of the controls a keyboard or screen-reader user reaches now. */
const controlNames = (toolbar: HTMLElement) =>
  within(toolbar)
    .getAllByRole('button')
    .map((control) => control.getAttribute('aria-label'));

describe('RichTextEditor toolbar', () => {
  it('names every button and picker in words, not by Quill format', () => {
    const { toolbar } = renderEditor();
    expect(controlNames(toolbar)).toEqual([
      'Text style',
      'Font',
      'Size',
      'Bold',
      'Italic',
      'Underline',
      'Link',
      'Numbered list',
      'Bulleted list',
      'Decrease indent',
      'Increase indent',
      'Text colour',
      'Highlight colour',
      'Alignment',
      'Video',
      'Image',
      'Clear formatting',
    ]);
    for (const control of within(toolbar).getAllByRole('button')) expect(control).toHaveAccessibleName();
    expect(screen.getByRole('textbox', { name: 'Job Description' })).toBeInTheDocument();
  });

  it('names every option of an open picker, and the picker says what the text is set to', async () => {
    const user = userEvent.setup();
    const { toolbar } = renderEditor();
    const heading = within(toolbar).getByRole('button', { name: 'Text style' });
    // Quill opens its pickers on mousedown or Enter.
    heading.focus();
    await user.keyboard('{Enter}');
    expect(heading).toHaveAttribute('aria-expanded', 'true');
    const options = within(toolbar).getAllByRole('button', { name: /^(Heading \d|Normal)$/ });
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual(['Heading 1', 'Heading 2', 'Normal', 'Heading 3']);

    // Applying a format scrolls the selection into view, which jsdom cannot measure.
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', { configurable: true, value: () => new DOMRect() });
    await user.click(within(toolbar).getByRole('button', { name: 'Heading 2' }));
    expect(screen.getByRole('textbox', { name: 'Job Description' }).querySelector('h2')).toHaveTextContent('Own the on-call rota.');
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Text style: Heading 2' })).toBeInTheDocument());
    expect(toolbar.querySelector('.ql-header .ql-picker-item[data-value="2"]')).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives each of the 35 swatches of both colour pickers a colour name', () => {
    const { toolbar } = renderEditor();
    for (const format of ['color', 'background']) {
      const swatches = [...toolbar.querySelectorAll(`.ql-${format} .ql-picker-item`)];
      expect(swatches).toHaveLength(35);
      const names = swatches.map((swatch) => swatch.getAttribute('aria-label'));
      expect(new Set(names).size).toBe(35);
      expect(names.slice(0, 7)).toEqual(['Black', 'Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple']);
      expect(names.every((name) => name && !name.startsWith('#'))).toBe(true);
    }
  });
});
