import type { ReactNode } from 'react';

import { ArrowLeftIcon } from './icons';

export type PageHeaderProps = {
  title: ReactNode;
  /** Shows a back arrow that calls this. */
  onBack?: () => void;
  description?: ReactNode;
  actions?: ReactNode;
};

/** A page's title row: optional back arrow, the h1, and actions on the right. */
export function PageHeader({ title, onBack, description, actions }: PageHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 items-start gap-2">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            aria-label="Go back"
            className="-ml-2 mt-0.5 shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ArrowLeftIcon />
          </button>
        )}
        <div className="min-w-0">
          <h1 id="page-title" className="break-words text-2xl font-semibold tracking-tight text-slate-900">
            {title}
          </h1>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
