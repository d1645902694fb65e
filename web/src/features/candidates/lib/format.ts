/**
 * A server timestamp as a Date. The server's instants are UTC; some (createdOn,
 * interviewDateTime) come without a zone suffix, so one is added before
 * parsing — otherwise the browser would read them as local time.
 */
export function parseUtc(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const normalised = /[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`;
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A UTC timestamp (SPEC section 9: createdOn is UTC) in the browser's local
 * time; `timeZone` overrides the zone (tests).
 */
export function formatLocalDateTime(iso: string | null | undefined, { timeZone }: { timeZone?: string } = {}): string {
  const date = parseUtc(iso);
  if (!date) return '';
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });
}
