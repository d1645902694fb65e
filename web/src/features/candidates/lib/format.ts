/** A UTC timestamp (SPEC section 9: createdOn is UTC) in the browser's local time. */
export function formatLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  // A timestamp without a zone is UTC.
  const normalised = /[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`;
  const date = new Date(normalised);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
