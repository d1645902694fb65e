import { useId } from 'react';

import { cn } from '@/components/ui/cn';

import { pageCount, pageNumbers } from '../lib/pagination';

export type PaginationProps = {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The page sizes to choose from; without them the size is fixed. */
  pageSizes?: ReadonlyArray<number>;
  onPageSize?: (pageSize: number) => void;
};

/** Previous / numbers with ellipses / Next, "x-y of n" (SPEC section 9), and the rows per page. */
export function Pagination({ page, total, pageSize, onPage, pageSizes, onPageSize }: PaginationProps) {
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const button =
    'min-w-9 rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300';
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        <p>
          {first.toLocaleString()}–{last.toLocaleString()} of {total.toLocaleString()}
        </p>
        {pageSizes && onPageSize && (
          <p className="flex items-center gap-2">
            <label htmlFor={sizeId}>Rows per page</label>
            <select
              id={sizeId}
              data-testid="page-size"
              value={pageSize}
              onChange={(event) => onPageSize(Number(event.target.value))}
              className="rounded-lg border border-slate-300 bg-white py-1 pl-2 pr-7 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </p>
        )}
      </div>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={cn(button, 'text-slate-700 hover:bg-slate-100')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
        </li>
        {pageNumbers(page, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
                className={cn(button, item === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100')}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={cn(button, 'text-slate-700 hover:bg-slate-100')}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
