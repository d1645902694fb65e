/**
 * The month grid of the slot picker's calendar. Pure date arithmetic on `YYYY-MM-DD` and
 * `YYYY-MM` strings (computed in UTC, so the machine's own zone never shifts a day).
 */

import { formatMonth } from '@/lib/date-time';

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Adds whole months to a `YYYY-MM` month. */
export function addMonths(month: string, months: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, mon - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}

/** `November 2026`. */
export function monthLabel(month: string): string {
  return formatMonth(`${month}-01`);
}

export const WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
] as const;

/** The month as weeks (Sunday first); days outside the month are null. */
export function monthGrid(month: string): Array<Array<string | null>> {
  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = first.getUTCDay();
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
