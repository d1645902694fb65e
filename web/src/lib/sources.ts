/**
 * How a candidate entered a JD (the server's `Source`), with the labels the candidate lists and
 * the dashboard's funnel show. Shared because both the candidates and the dashboard features name
 * them; the order is the funnel's, applications first.
 */
import type { ApiSchema } from './api/types';

export type Source = ApiSchema<'Source'>;

export const SOURCES: ReadonlyArray<{ value: Source; label: string }> = [
  { value: 'applied', label: 'Applied' },
  { value: 'uploaded', label: 'Uploaded' },
  { value: 'csv', label: 'CSV' },
];

export function isSource(value: unknown): value is Source {
  return SOURCES.some((source) => source.value === value);
}

/** A row's source, or null from a server (or an older cached row) without one. */
export function toSource(value: unknown): Source | null {
  return isSource(value) ? value : null;
}

/** "Applied", "Uploaded" or "CSV". */
export function sourceLabel(source: Source): string {
  return SOURCES.find((option) => option.value === source)?.label ?? source;
}
