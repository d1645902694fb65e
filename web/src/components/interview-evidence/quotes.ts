import type { InterviewGrading } from './types';

/** A quoted stretch of a turn's text, in characters as `Array.from` counts them (code points). */
export type CharRange = { start: number; end: number };

/** One piece of a turn's text, quoted by the grader or not. */
export type Segment = { text: string; quoted: boolean };

/** Every quote the grading points at (covered points and contradictions), per turn index. */
export function quotedRanges(grading: InterviewGrading | null | undefined): Map<number, CharRange[]> {
  const ranges = new Map<number, CharRange[]>();
  if (!grading) return ranges;
  const quotes = grading.questions.flatMap((grade) => [
    ...grade.covered.map((covered) => covered.quote),
    ...grade.contradictions.map((contradiction) => contradiction.quote),
  ]);
  for (const quote of quotes) {
    if (!quote) continue;
    ranges.set(quote.turn, [...(ranges.get(quote.turn) ?? []), { start: quote.start, end: quote.end }]);
  }
  return ranges;
}

/**
 * A turn's text cut into quoted and unquoted pieces. The server counts offsets in code points,
 * so the text is cut as `Array.from` sees it (a UTF-16 slice would count an emoji as two
 * characters). Overlapping quotes merge; offsets outside the text are clamped.
 */
export function segmentText(text: string, ranges: readonly CharRange[]): Segment[] {
  const chars = Array.from(text);
  const clamp = (n: number) => Math.min(chars.length, Math.max(0, n));
  const sorted = ranges
    .map(({ start, end }) => ({ start: clamp(start), end: clamp(end) }))
    .filter(({ start, end }) => start < end)
    .sort((a, b) => a.start - b.start);
  const merged: CharRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push(range);
  }
  const segments: Segment[] = [];
  let at = 0;
  for (const { start, end } of merged) {
    if (start > at) segments.push({ text: chars.slice(at, start).join(''), quoted: false });
    segments.push({ text: chars.slice(start, end).join(''), quoted: true });
    at = end;
  }
  if (at < chars.length) segments.push({ text: chars.slice(at).join(''), quoted: false });
  return segments;
}
