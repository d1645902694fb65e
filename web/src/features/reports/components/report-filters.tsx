import { useId } from 'react';

import { inputClass } from '@/components/ui/field';
import { useFolders } from '@/lib/queries/folders';

import type { ReportFilters } from '../lib/filters';

/** From, to and the job the reports count; each change reports again (and is kept in the URL). */
export function ReportFiltersForm({
  filters,
  shown,
  onChange,
}: {
  filters: ReportFilters;
  /** The period the server reported (its default when the URL names none). */
  shown: { from: string; to: string } | null;
  onChange: (filters: ReportFilters) => void;
}) {
  const id = useId();
  const folders = useFolders();
  const set = (change: Partial<ReportFilters>) => onChange({ ...filters, ...change });
  const control = `mt-1.5 ${inputClass()} sm:w-48`;
  const from = filters.from || shown?.from || '';
  const to = filters.to || shown?.to || '';
  return (
    <div role="group" aria-label="Filters" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div>
        <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-700">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          min="2000-01-01"
          max={to || undefined}
          onChange={(event) => set({ from: event.target.value })}
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
          value={to}
          min={from || undefined}
          onChange={(event) => set({ to: event.target.value })}
          className={control}
        />
      </div>
      <div>
        <label htmlFor={`${id}-jd`} className="block text-sm font-medium text-slate-700">
          Job
        </label>
        <select
          id={`${id}-jd`}
          value={filters.jdId}
          onChange={(event) => set({ jdId: event.target.value })}
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
