/**
 * The create-assistant form's lists (topics, questions, tools): they start with one box, grow
 * by one up to the spec's count (4, 10, 4), and shrink to one. Plain functions, so the rules
 * are tested without a page.
 */

/** One more empty item, unless the list is at its maximum. */
export function addItem(items: readonly string[], max: number): string[] {
  return items.length >= max ? [...items] : [...items, ''];
}

/** The list without item `index`; the last box left is emptied rather than removed. */
export function removeItem(items: readonly string[], index: number): string[] {
  if (items.length <= 1) return [''];
  return items.filter((_, i) => i !== index);
}

/** The list with item `index` set to `value`. */
export function setItem(items: readonly string[], index: number, value: string): string[] {
  return items.map((item, i) => (i === index ? value : item));
}

/** What is sent: the filled items, trimmed. */
export function filledItems(items: readonly string[]): string[] {
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}
