import { useId } from 'react';

import { inputClass } from '@/components/ui/field';
import { useFolders } from '@/lib/queries/folders';

/** A period (first and last day, YYYY-MM-DD, '' for none) and a JD's folder id ('' for every job). */
export type PeriodAndJob = { from: string; to: string; jdId: string };

/**
 * From, to and the job an aggregate counts over (the bias audit, the hiring reports): one form so
 * both read and behave alike. Each change is reported at once.
 */
export function PeriodAndJobFilters({
  value,
  min,
  onChange,
  className = '',
}: {
  value: PeriodAndJob;
  /** The earliest day the server accepts, when it has one. */
  min?: string;
  onChange: (change: Partial<PeriodAndJob>) => void;
  className?: string;
}) {
  const id = useId();
  const folders = useFolders();
  const control = `mt-1.5 ${inputClass()} sm:w-48`;
  return (
    <div role="group" aria-label="Filters" className={`flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end ${className}`}>
      <div>
        <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-700">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={value.from}
          min={min}
          max={value.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
          className={control}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-700">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
          className={control}
        />
      </div>
      <div>
        <label htmlFor={`${id}-jd`} className="block text-sm font-medium text-slate-700">
          Job
        </label>
        <select
          id={`${id}-jd`}
          value={value.jdId}
          onChange={(event) => onChange({ jdId: event.target.value })}
          className={`${control} sm:w-64`}
        >
          <option value="">All jobs</option>
          {(folders.data ?? []).map((folder) => (
            <option key={folder.jdid} value={folder.jdid}>
              {folder.jdname}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
