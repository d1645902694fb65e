import { useId, useState } from 'react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { apiErrorMessage } from '@/lib/api-client';

const EXPORT_FAILED = 'The CSV could not be downloaded.';

/**
 * One report's card: its title and what it counts, its chart, the numbers as a table (folded,
 * for screen readers and spreadsheets of the eye), and its CSV download.
 */
export function ReportSection({
  title,
  description,
  testId,
  onDownload,
  table,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  onDownload: () => Promise<void>;
  table: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDownload();
    } catch (failure) {
      setError(apiErrorMessage(failure, EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} data-testid={testId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        <Button variant="secondary" loading={busy} onClick={() => void download()} aria-label={`Download ${title} as CSV`}>
          Download CSV
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-5">{children}</div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Table of the numbers</summary>
        <div className="mt-3 overflow-x-auto">{table}</div>
      </details>
    </section>
  );
}

/** The tables' shared look. */
export const tableClass =
  'min-w-full text-left text-sm [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_th]:font-semibold [&_th]:text-slate-700 [&_tbody_tr]:border-t [&_tbody_tr]:border-slate-100';
