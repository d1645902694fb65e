import { Link } from 'react-router';

/** A step of a trail: a link back up, or (the last one) the page itself. */
export type Crumb = {
  label: string;
  to?: string;
  /** Navigation state for `to` (a JD page reads its name from it before the fetch answers). */
  state?: unknown;
};

/**
 * Where a detail page sits: JD Folders › Backend Engineer › Board. Every step but the last
 * links up; the last is the page itself (`aria-current="page"`). The steps flow as one line of
 * text, so on a phone a long name wraps word by word instead of widening the page.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 py-1">
      <ol className="break-words text-sm">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="inline">
              {index > 0 && (
                <span aria-hidden="true" className="mx-1.5 text-slate-400">
                  ›
                </span>
              )}
              {last || !item.to ? (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-slate-900' : 'text-slate-600'}>
                  {item.label}
                </span>
              ) : (
                <Link
                  to={item.to}
                  state={item.state}
                  className="rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
