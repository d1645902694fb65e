import { useId } from 'react';

import { inputClass } from '@/components/ui/field';
import { useFolders } from '@/lib/queries/folders';

import type { AuditFilters } from '../api/types';

/** From, to and the job the audit counts; each change audits again. */
export function AuditFiltersForm({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const id = useId();
  const folders = useFolders();
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  const control = `mt-1.5 ${inputClass()} sm:w-48`;
  return (
    <div role="group" aria-label="Filters" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end print:hidden">
      <div>
        <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-700">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
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
          value={filters.to}
          min={filters.from || undefined}
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
