import type { ReactNode } from 'react';

import { Breadcrumbs } from './breadcrumbs';
import type { Crumb } from './breadcrumbs';
import { ArrowLeftIcon } from './icons';
import { PageHeader } from './page-header';
import type { PageHeaderProps } from './page-header';

export type PageFrameProps = PageHeaderProps & {
  /** The trail of a detail page, ending with the page itself. */
  breadcrumbs?: readonly Crumb[];
  /** Shows a back arrow (before the trail) that calls this. */
  onBack?: () => void;
  /** Keeps a form at a readable line length; the header keeps the frame's width. */
  narrow?: boolean;
  children?: ReactNode;
};

/**
 * The frame of every recruiter page: one max width and one left edge, so moving between pages
 * never shifts the title; above it the back arrow and breadcrumbs, then the header (title,
 * description, actions), then the page's own content.
 */
export function PageFrame({ breadcrumbs, onBack, narrow = false, children, ...header }: PageFrameProps) {
  return (
    <section aria-labelledby="page-title" data-testid="page-frame" className="mx-auto w-full min-w-0 max-w-6xl">
      {(onBack || breadcrumbs) && (
        <div className="mb-3 flex min-h-8 items-start gap-2">
          {onBack && (
            <button
              type="button"
              onClick={onBack}
              aria-label="Go back"
              className="-ml-1.5 shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ArrowLeftIcon width={18} height={18} />
            </button>
          )}
          {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
        </div>
      )}
      <PageHeader {...header} />
      {narrow ? <div className="max-w-3xl">{children}</div> : children}
    </section>
  );
}
