import { useEffect, useId, useState } from 'react';

import { cn } from '@/components/ui/cn';
import { SearchIcon } from '@/components/ui/icons';
import { SOURCES } from '@/lib/sources';
import { STAGES, stageLabel } from '@/lib/stages';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { ATS_RECOMMENDATION, recommendationLabel } from './badges';
import { DEFAULT_FILTERS, INTERVIEW_STATUSES, SORTS, hasReportFilter, isFiltered, reportFilterSummary } from '../lib/list-filters';
import type { ListFilters } from '../lib/list-filters';

/** A choice of a select: its value in the URL and its label. */
export type FilterOption = { value: string; label: string };

export type ListToolbarProps = {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
  /** The JDs to narrow to; without them there is no job filter (a JD's own list). */
  jobs?: ReadonlyArray<FilterOption>;
};

const control =
  'rounded-lg border border-slate-300 bg-white py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200';

// The server's values, in the words the candidate page uses for them.
const RECOMMENDATIONS: ReadonlyArray<FilterOption> = [
  { value: 'Pass', label: recommendationLabel('Pass') },
  { value: 'Fail', label: recommendationLabel('Fail') },
];
const OUTCOMES: ReadonlyArray<FilterOption> = INTERVIEW_STATUSES.map((status) => ({ value: status, label: status }));
const STAGE_OPTIONS: ReadonlyArray<FilterOption> = STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }));

function FilterSelect({
  label,
  value,
  all,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  /** The first choice, which clears the filter; none for a choice that always has a value. */
  all?: string;
  options: ReadonlyArray<FilterOption>;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${control} mt-1 block w-full pl-3 pr-8`}
      >
        {all !== undefined && <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The candidate lists' filters: text (name, e-mail, phone; debounced, sent as
 * `q`), the JD (on the list of every JD), the ATS recommendation, the AI
 * interview outcome, the hiring stage, how candidates came in (applied on the
 * job page, uploaded, CSV), and the order. Each value is one the server knows;
 * the route keeps them in the URL. On a phone the selects fold behind one "Filters" button
 * (which counts the filters set), so the list starts on the first screen.
 */
export function ListToolbar({ filters, onChange, jobs }: ListToolbarProps) {
  const textId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { q } = filters;
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, 300);

  useEffect(() => {
    if (debounced !== q) onChange({ q: debounced });
    // Only a settled change of the text sends a query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const clear = () => {
    setText('');
    const { page: _page, pageSize: _pageSize, sort: _sort, ...filtersOnly } = DEFAULT_FILTERS;
    onChange(filtersOnly);
  };

  const { job, recommendation, interviewStatus, stage, source } = filters;
  const set = [job, recommendation, interviewStatus, stage, source].filter(Boolean).length;

  return (
    <div className="space-y-3" role="search" aria-label="Candidate filters">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          {/* Named for screen readers; the placeholder says it on screen, so the list starts higher. */}
          <label htmlFor={textId} className="sr-only">
            Filter candidates
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" width={16} height={16} />
            <input
              id={textId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Name, e-mail or phone"
              className={`${control} w-full pl-9 pr-3`}
            />
          </div>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="shrink-0 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:hidden"
        >
          {set > 0 ? `Filters (${set})` : 'Filters'}
        </button>
      </div>
      <div
        id={panelId}
        data-testid="filter-panel"
        className={cn('grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]', !open && 'max-sm:hidden')}
      >
        {jobs && (
          <FilterSelect
            label="Job"
            testId="job-filter"
            value={filters.job}
            all="All jobs"
            options={jobs}
            onChange={(job) => onChange({ job })}
          />
        )}
        <FilterSelect
          label={ATS_RECOMMENDATION}
          testId="recommendation-filter"
          value={filters.recommendation}
          all="All"
          options={RECOMMENDATIONS}
          onChange={(value) => onChange({ recommendation: value === 'Pass' || value === 'Fail' ? value : '' })}
        />
        <FilterSelect
          label="Interview"
          testId="interview-filter"
          value={filters.interviewStatus}
          all="All outcomes"
          options={OUTCOMES}
          onChange={(value) => onChange({ interviewStatus: INTERVIEW_STATUSES.find((status) => status === value) ?? '' })}
        />
        <FilterSelect
          label="Stage"
          testId="stage-filter"
          value={filters.stage}
          all="All stages"
          options={STAGE_OPTIONS}
          onChange={(value) => onChange({ stage: STAGES.find((stage) => stage === value) ?? '' })}
        />
        <FilterSelect
          label="Source"
          testId="source-filter"
          value={filters.source}
          all="All sources"
          options={SOURCES}
          onChange={(value) => onChange({ source: SOURCES.find((source) => source.value === value)?.value ?? '' })}
        />
        <FilterSelect
          label="Sort by"
          testId="sort-select"
          value={filters.sort}
          options={SORTS}
          onChange={(value) => onChange({ sort: SORTS.find((option) => option.value === value)?.value ?? 'newest' })}
        />
      </div>
      {hasReportFilter(filters) && (
        <p data-testid="report-filter" className="text-sm text-slate-700">
          <span className="font-medium">From a report:</span> {reportFilterSummary(filters)}
        </p>
      )}
      {isFiltered(filters) && (
        <button
          type="button"
          onClick={clear}
          className="text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
