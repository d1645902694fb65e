/** Sort orders of the JD Folders list. */
export type FolderSort = 'newest' | 'name';

export function sortFolders<T extends { jdname: string; createdOn: string }>(items: readonly T[], sort: FolderSort): T[] {
  const copy = [...items];
  if (sort === 'name') return copy.sort((a, b) => a.jdname.localeCompare(b.jdname, undefined, { sensitivity: 'base', numeric: true }));
  return copy.sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
}

const DAY_MS = 86_400_000;

/**
 * Days until a binned JD is purged, counting a day that has begun as a whole one: 30 right after
 * a delete, 1 on the last day, 0 once due. Counted from `purgeAt` on the viewer's clock, so a page
 * left open stays right; the server's `daysLeft` (the same count when it answered) is kept for a
 * bad date.
 */
export function daysUntilPurge({ purgeAt, daysLeft }: { purgeAt: string; daysLeft: number }, now: Date = new Date()): number {
  const left = Date.parse(purgeAt) - now.getTime();
  if (Number.isNaN(left)) return Math.max(0, daysLeft);
  return Math.max(0, Math.ceil(left / DAY_MS));
}

export function daysLeftText(days: number): string {
  if (days <= 0) return 'Deleted for good today';
  return days === 1 ? '1 day left' : `${days} days left`;
}
