import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

import { cn } from '@/components/ui/cn';
import { CheckIcon, ChevronDownIcon, GlobeIcon, SearchIcon } from '@/components/ui/icons';

import { TIME_ZONES, gmtOffsetText, searchZones, zoneAbbreviation, zoneOption } from '../lib/time-zones';

export type TimeZoneSelectProps = {
  id: string;
  /** Id of the visible label. */
  labelId: string;
  value: string;
  onChange: (zone: string) => void;
  /** The instant whose short names and offsets are shown (the chosen slot, else now). */
  at: number;
};

/**
 * The time zone dropdown (SPEC section 2): a button that opens a searchable list. The search
 * box is a combobox over the listbox, so arrows, Enter and Escape work without a mouse.
 */
export function TimeZoneSelect({ id, labelId, value, onChange, at }: TimeZoneSelectProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  // Names and offsets change with daylight saving only, so an hour's resolution is plenty.
  const hour = Math.floor(at / 3_600_000) * 3_600_000;
  const details = useMemo(
    () =>
      new Map(TIME_ZONES.map((zone) => [zone.id, { abbreviation: zoneAbbreviation(zone.id, hour), offset: gmtOffsetText(zone.id, hour) }])),
    [hour],
  );
  const describe = (zone: string) => details.get(zone) ?? { abbreviation: zoneAbbreviation(zone, hour), offset: gmtOffsetText(zone, hour) };
  const results = useMemo(() => searchZones(query, hour), [query, hour]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) triggerRef.current?.focus();
  };

  const choose = (zone: string) => {
    onChange(zone);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setOpen(false);
        setQuery('');
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Keep the highlighted option in view while arrowing through the list.
  useEffect(() => {
    if (!open) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    setOpen(true);
    setQuery('');
    setActive(
      Math.max(
        0,
        TIME_ZONES.findIndex((zone) => zone.id === value),
      ),
    );
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(results.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Home') {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      setActive(results.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const zone = results[active];
      if (zone) choose(zone.id);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const current = zoneOption(value);
  const { abbreviation, offset } = describe(value);
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        id={id}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${id}`}
        data-testid="timezone-trigger"
        data-value={value}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => {
          if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            openList();
          }
        }}
        className="flex w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-sm text-slate-900 shadow-sm outline-none hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-200"
      >
        <GlobeIcon className="shrink-0 text-slate-400" width={18} height={18} />
        <span className="min-w-0 flex-1 truncate">
          {current?.label ?? value} <span className="text-slate-500">({abbreviation})</span>
        </span>
        <span className="hidden shrink-0 text-xs text-slate-500 sm:inline">{offset}</span>
        <ChevronDownIcon className={cn('shrink-0 text-slate-400 transition-transform', open && 'rotate-180')} width={18} height={18} />
      </button>

      {open && (
        <div className="absolute inset-x-0 z-30 mt-2 overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-200">
          <div className="relative border-b border-slate-100 p-2">
            <SearchIcon className="pointer-events-none absolute left-5 top-1/2 -translate-y-1/2 text-slate-400" width={16} height={16} />
            <input
              // The list opens for typing at once.
              autoFocus
              type="text"
              role="combobox"
              aria-label="Search timezone"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={results[active] ? optionId(active) : undefined}
              placeholder="Search timezone..."
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKeyDown}
              className="block w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm outline-none placeholder:text-slate-400 focus:border-brand-500 focus:bg-white focus:ring-3 focus:ring-brand-200"
            />
          </div>
          <ul ref={listRef} id={listId} role="listbox" aria-label="Time zones" className="max-h-72 overflow-y-auto py-1">
            {results.map((zone, index) => {
              const selected = zone.id === value;
              const info = describe(zone.id);
              return (
                <li
                  key={zone.id}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={selected}
                  data-zone={zone.id}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(zone.id)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                    index === active ? 'bg-brand-50' : 'bg-white',
                    selected && 'font-medium',
                  )}
                >
                  <span className="w-4 shrink-0 text-brand-600">{selected && <CheckIcon width={16} height={16} />}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-slate-900">{zone.label}</span>
                    <span className="block truncate text-xs text-slate-600">{zone.id}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                      {info.abbreviation}
                    </span>
                    <span className="mt-0.5 block text-[11px] text-slate-600">{info.offset}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          {results.length === 0 && (
            <p role="status" className="px-4 py-6 text-center text-sm text-slate-500">
              No timezones found
            </p>
          )}
        </div>
      )}
    </div>
  );
}
