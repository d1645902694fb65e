/**
 * An ISO-8601 instant from the server (UTC) in the browser's time zone, e.g. "Mar 2, 2026,
 * 06:15 AM"; `timeZone` overrides the zone (tests). Empty for a missing or unreadable value.
 */
export function formatDateTime(iso: string | null | undefined, { timeZone }: { timeZone?: string } = {}): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });
}

/** The date alone, in the browser's time zone, e.g. "Mar 2, 2026". */
export function formatDate(iso: string | null | undefined, { timeZone }: { timeZone?: string } = {}): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone });
}
