/** A page number, or a gap shown as an ellipsis. */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** How many pages a list of `total` rows has at `pageSize` per page (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * The page buttons of SPEC section 9: every page when there are 7 or fewer,
 * else the first, the last, the current page with its neighbours, and an
 * ellipsis for each gap (a gap of one page shows that page instead).
 */
export function pageNumbers(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 7) return Array.from({ length: Math.max(1, totalPages) }, (_, index) => index + 1);
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  // Near either end keep five numbers visible, so the row does not jump in width.
  if (page <= 3) [2, 3, 4].forEach((n) => shown.add(n));
  if (page >= totalPages - 2) [totalPages - 3, totalPages - 2, totalPages - 1].forEach((n) => shown.add(n));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) items.push(n <= page ? 'ellipsis-start' : 'ellipsis-end');
    items.push(n);
  });
  return items;
}
