/** Dates as the JD pages show them, in the browser's locale and zone. */

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Sort orders of the JD Folders list. */
export type FolderSort = 'newest' | 'name';

export function sortFolders<T extends { jdname: string; createdOn: string }>(items: readonly T[], sort: FolderSort): T[] {
  const copy = [...items];
  if (sort === 'name') return copy.sort((a, b) => a.jdname.localeCompare(b.jdname, undefined, { sensitivity: 'base', numeric: true }));
  return copy.sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
}
