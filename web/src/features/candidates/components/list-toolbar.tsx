import { useEffect, useId, useState } from 'react';

import { SearchIcon } from '@/components/ui/icons';
import { STAGES, isStage, stageLabel } from '@/lib/stages';

import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { RecommendationFilter, StageFilter } from '../lib/list-filters';

export type ListToolbarProps = {
  q: string;
  recommendation: RecommendationFilter;
  onQuery: (q: string) => void;
  onRecommendation: (value: RecommendationFilter) => void;
  stage: StageFilter;
  onStage: (value: StageFilter) => void;
};

const control =
  'rounded-lg border border-slate-300 bg-white py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200';

/** The text filter (name, e-mail, phone; debounced, sent as `q`), the recommendation and the hiring stage filters. */
export function ListToolbar({ q, recommendation, onQuery, onRecommendation, stage, onStage }: ListToolbarProps) {
  const textId = useId();
  const recId = useId();
  const stageId = useId();
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, 300);

  useEffect(() => {
    if (debounced !== q) onQuery(debounced);
    // Only a settled change of the text sends a query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={textId} className="text-sm font-medium text-slate-700">
          Filter candidates
        </label>
        <div className="relative mt-1">
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
      <div>
        <label htmlFor={recId} className="text-sm font-medium text-slate-700">
          Recommendation
        </label>
        <select
          id={recId}
          value={recommendation}
          onChange={(event) => onRecommendation(event.target.value as RecommendationFilter)}
          className={`${control} mt-1 block w-full pl-3 pr-8 sm:w-40`}
        >
          <option value="">All</option>
          <option value="Pass">Pass</option>
          <option value="Fail">Fail</option>
        </select>
      </div>
      <div>
        <label htmlFor={stageId} className="text-sm font-medium text-slate-700">
          Stage
        </label>
        <select
          id={stageId}
          data-testid="stage-filter"
          value={stage}
          onChange={(event) => onStage(isStage(event.target.value) ? event.target.value : '')}
          className={`${control} mt-1 block w-full pl-3 pr-8 sm:w-40`}
        >
          <option value="">All stages</option>
          {STAGES.map((value) => (
            <option key={value} value={value}>
              {stageLabel(value)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
