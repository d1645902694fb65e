/**
 * Accessible names for the rich-text editor's toolbar. Quill names its buttons by their format
 * ("bold", "list: ordered") and leaves its pickers (heading, font, size, colours, alignment) and
 * their options unnamed, so a screen reader hears "button" and nothing else. These names are
 * what the toolbar says instead; `nameToolbarControls` puts them on Quill's markup.
 */
import type { EDITOR_COLORS } from './editor-urls';

/** Buttons by their format, or `format:value` for those that set a value. */
const BUTTON_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  link: 'Link',
  'list:ordered': 'Numbered list',
  'list:bullet': 'Bulleted list',
  'indent:-1': 'Decrease indent',
  'indent:+1': 'Increase indent',
  video: 'Video',
  image: 'Image',
  clean: 'Clear formatting',
};

/** Every colour of the palette by the name a person would give it (Quill's 7 × 5 grid). */
const COLOR_NAMES: Record<(typeof EDITOR_COLORS)[number], string> = {
  '#000000': 'Black',
  '#e60000': 'Red',
  '#ff9900': 'Orange',
  '#ffff00': 'Yellow',
  '#008a00': 'Green',
  '#0066cc': 'Blue',
  '#9933ff': 'Purple',
  '#ffffff': 'White',
  '#facccc': 'Pale red',
  '#ffebcc': 'Pale orange',
  '#ffffcc': 'Pale yellow',
  '#cce8cc': 'Pale green',
  '#cce0f5': 'Pale blue',
  '#ebd6ff': 'Pale purple',
  '#bbbbbb': 'Light grey',
  '#f06666': 'Light red',
  '#ffc266': 'Light orange',
  '#ffff66': 'Light yellow',
  '#66b966': 'Light green',
  '#66a3e0': 'Light blue',
  '#c285ff': 'Light purple',
  '#888888': 'Grey',
  '#a10000': 'Dark red',
  '#b26b00': 'Dark orange',
  '#b2b200': 'Dark yellow',
  '#006100': 'Dark green',
  '#0047b2': 'Dark blue',
  '#6b24b2': 'Dark purple',
  '#444444': 'Dark grey',
  '#5c0000': 'Deep red',
  '#663d00': 'Deep orange',
  '#666600': 'Deep yellow',
  '#003700': 'Deep green',
  '#002966': 'Deep blue',
  '#3d1466': 'Deep purple',
};

/** Each picker's name and its options' names by value ('' is Quill's default option). */
const PICKERS: Record<string, { name: string; options: Record<string, string> }> = {
  header: { name: 'Text style', options: { '1': 'Heading 1', '2': 'Heading 2', '3': 'Heading 3', '': 'Normal' } },
  font: { name: 'Font', options: { '': 'Sans serif', serif: 'Serif', monospace: 'Monospace' } },
  size: { name: 'Size', options: { small: 'Small', '': 'Normal', large: 'Large', huge: 'Huge' } },
  color: { name: 'Text colour', options: { ...COLOR_NAMES, '': 'Default' } },
  background: { name: 'Highlight colour', options: { ...COLOR_NAMES, '': 'None' } },
  align: { name: 'Alignment', options: { '': 'Left', center: 'Centre', right: 'Right', justify: 'Justify' } },
};

/** The name of the toolbar button for `format` (with `value`, e.g. list: bullet); the format itself if unknown. */
export function toolbarButtonName(format: string, value: string): string {
  return BUTTON_NAMES[value ? `${format}:${value}` : format] ?? BUTTON_NAMES[format] ?? format;
}

/** The name of picker `format`, with the option now chosen when there is one ("Text style: Normal"). */
export function pickerName(format: string, chosen: string | null): string {
  const picker = PICKERS[format];
  const name = picker?.name ?? format;
  if (chosen === null) return name;
  return `${name}: ${pickerOptionName(format, chosen)}`;
}

/** The name of a picker's option by its value ('' for the default option). */
export function pickerOptionName(format: string, value: string): string {
  return PICKERS[format]?.options[value.toLowerCase()] ?? value;
}

/** The formats the toolbar offers (a button's `list:ordered` is the format `list`). */
const FORMATS = new Set([...Object.keys(PICKERS), ...Object.keys(BUTTON_NAMES).map((key) => key.split(':')[0]!)]);

/** The Quill format a toolbar element stands for, from its `ql-<format>` class. */
function formatOf(element: Element): string {
  const known = [...element.classList].map((name) => name.replace(/^ql-/, '')).find((name) => FORMATS.has(name));
  return known ?? '';
}

/**
 * Names every control of a Quill toolbar: the buttons, each picker's label (with what it is set
 * to) and every option in its list, and marks the chosen option pressed. Quill only changes
 * classes and data attributes when the selection moves, so the editor calls this again then.
 */
export function nameToolbarControls(toolbar: HTMLElement): void {
  for (const button of toolbar.querySelectorAll('button')) {
    button.setAttribute('aria-label', toolbarButtonName(formatOf(button), button.value));
  }
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const format = formatOf(picker);
    const chosen = picker.querySelector<HTMLElement>('.ql-picker-item.ql-selected');
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', pickerName(format, chosen ? (chosen.dataset.value ?? '') : null));
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      item.setAttribute('aria-label', pickerOptionName(format, item.dataset.value ?? ''));
      item.setAttribute('aria-pressed', String(item === chosen));
    }
  }
}
