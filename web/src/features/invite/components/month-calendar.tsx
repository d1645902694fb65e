import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

import { cn } from '@/components/ui/cn';
import { formatLongDate } from '@/lib/date-time';

import { WEEKDAYS, addMonths, monthGrid, monthLabel, monthOf } from '../lib/calendar';
import { addDays } from '../lib/slots';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export type MonthCalendarProps = {
  /** Id of the visible label naming the calendar. */
  labelId: string;
  /** `YYYY-MM-DD` in the chosen zone, or '' for none. */
  selected: string;
  onSelect: (date: string) => void;
  /** Today in the chosen zone and the last bookable day (SPEC section 5). */
  min: string;
  max: string | null;
  isAvailable: (date: string) => boolean;
};

/**
 * A month grid of day buttons (ARIA grid pattern): one tab stop, arrows move by day and week,
 * Home/End to the week's ends, PageUp/PageDown by month; unavailable days are disabled.
 */
export function MonthCalendar({ labelId, selected, onSelect, min, max, isAvailable }: MonthCalendarProps) {
  const [month, setMonth] = useState(() => monthOf(selected || min));
  const [focusDate, setFocusDate] = useState(selected || min);
  const focusOnRender = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // A date chosen elsewhere (the URL, a reload) brings its month into view.
  const [shownSelection, setShownSelection] = useState(selected);
  if (selected !== shownSelection) {
    setShownSelection(selected);
    if (selected) {
      setMonth(monthOf(selected));
      setFocusDate(selected);
    }
  }

  useEffect(() => {
    if (!focusOnRender.current) return;
    focusOnRender.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate, month]);

  const minMonth = monthOf(min);
  const maxMonth = max ? monthOf(max) : null;
  const canGoBack = month > minMonth;
  const canGoForward = maxMonth === null || month < maxMonth;
  const weeks = monthGrid(month);
  // The tab stop: the focused day when it is in this month, else the first available one.
  const inMonth = weeks.flat().filter((date): date is string => date !== null);
  const tabStop = inMonth.includes(focusDate) ? focusDate : (inMonth.find(isAvailable) ?? inMonth[0]);

  const moveFocus = (date: string) => {
    if (date < min || (max !== null && date > max)) return;
    focusOnRender.current = true;
    setFocusDate(date);
    setMonth(monthOf(date));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekday),
      End: () => addDays(date, 6 - weekday),
      PageUp: () => `${addMonths(monthOf(date), -1)}-01`,
      PageDown: () => `${addMonths(monthOf(date), 1)}-01`,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  };

  const shiftMonth = (months: number) => {
    const next = addMonths(month, months);
    setMonth(next);
    setFocusDate(`${next}-01` < min ? min : `${next}-01`);
  };

  return (
    <div className="select-none">
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => shiftMonth(-1)}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
        >
          <ChevronLeftIcon />
        </button>
        <h2 id={`${labelId}-month`} aria-live="polite" className="text-sm font-semibold text-slate-900">
          {monthLabel(month)}
        </h2>
        <button
          type="button"
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => shiftMonth(1)}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
        >
          <ChevronRightIcon />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={`${labelId} ${labelId}-month`} className="mt-3 w-full table-fixed border-collapse">
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day.short} scope="col" abbr={day.long} className="pb-2 text-center text-xs font-medium text-slate-500">
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (!date) return <td key={column} role="gridcell" />;
                const available = isAvailable(date);
                const isSelected = date === selected;
                const isToday = date === min;
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      disabled={!available}
                      aria-label={`${formatLongDate(date)}${isToday ? ' (today)' : ''}`}
                      onClick={() => {
                        setFocusDate(date);
                        onSelect(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      className={cn(
                        'relative mx-auto flex size-10 items-center justify-center rounded-full text-sm transition-colors sm:size-11',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                        isSelected
                          ? 'bg-brand-600 font-semibold text-white shadow-sm'
                          : available
                            ? 'font-medium text-slate-900 hover:bg-brand-50 hover:text-brand-700'
                            : 'cursor-not-allowed text-slate-300',
                      )}
                    >
                      {Number(date.slice(8))}
                      {isToday && !isSelected && (
                        <span aria-hidden="true" className="absolute bottom-1.5 size-1 rounded-full bg-brand-500" />
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
