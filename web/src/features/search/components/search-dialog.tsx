import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { SearchIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/list-state';
import { paths } from '@/config/paths';
import { useAssistantList } from '@/lib/queries/assistants';
import { useSearchAll } from '@/lib/queries/search-all';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLogError } from '@/lib/use-log-error';

import { groupResults, moveActive } from '../lib/results';
import type { SearchOption } from '../lib/results';

/** The search page's texts (SPEC section 8), so both searches speak alike. */
export const SEARCH_ERROR = 'Something went wrong while searching.';
export const ASSISTANTS_ERROR = 'The assistants could not be loaded.';
export const NO_RESULTS = 'No results found.';
export const SEARCHING = 'Searching...';

/** Long enough to skip the words in between while typing, short enough to feel immediate. */
const DEBOUNCE_MS = 250;

/**
 * The global search: one input over JDs, candidates (the server's full-text search) and
 * assistants (their names, filtered here). The input is a combobox: the arrow keys move through
 * the results, Enter opens one, Escape closes the dialog and focus goes back where it was.
 */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const typed = text.trim();
  const q = useDebouncedValue(typed, DEBOUNCE_MS);
  const found = useSearchAll(q);
  const assistants = useAssistantList();

  useLogError(found.error, 'Search failed');
  useLogError(assistants.error, 'Failed to load assistants');

  // Until the typing settles and both sources answer (or fail), there is nothing honest to list.
  const searching = typed !== '' && (q !== typed || found.isPending || assistants.isPending);
  const foundFailed = found.isError && found.data === undefined;
  const assistantsFailed = assistants.isError && assistants.data === undefined;
  const groups = typed === '' || searching ? [] : groupResults({ q, found: found.data, assistants: assistants.data });
  const options = groups.flatMap((group) => group.options);
  const active = options.find((option) => option.key === activeKey) ?? options[0] ?? null;
  const optionId = (option: SearchOption) => `${listboxId}-${option.key}`;

  useEffect(() => {
    if (active) document.getElementById(`${listboxId}-${active.key}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listboxId]);

  const open = (option: SearchOption) => {
    onClose();
    void navigate(option.to, { state: option.state });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveKey(moveActive(options, active?.key ?? null, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Home' || event.key === 'End') {
      if (options.length === 0) return;
      event.preventDefault();
      setActiveKey(options[event.key === 'Home' ? 0 : options.length - 1]!.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) open(active);
    }
  };

  const nothingFound = typed !== '' && !searching && !foundFailed && !assistantsFailed && options.length === 0;

  return (
    <Dialog open title="Search" onClose={onClose} className="mt-[8vh] self-start sm:max-w-xl">
      <div className="relative mt-4">
        <label htmlFor={inputId} className="sr-only">
          Search JDs, candidates and assistants
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" width={18} height={18} />
        <input
          id={inputId}
          data-autofocus
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-activedescendant={active ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="JD title, candidate name, e-mail or phone, assistant…"
          className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-10 pr-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
        />
      </div>

      <div className="mt-4 max-h-[55vh] overflow-y-auto">
        <div aria-live="polite" className="space-y-3 empty:hidden">
          {typed === '' && (
            <p className="text-sm text-slate-600">
              Find a JD by title or skill, a candidate by name, e-mail or phone, or an assistant by name.
            </p>
          )}
          {searching && (
            <p role="status" className="text-sm text-slate-600">
              {SEARCHING}
            </p>
          )}
          {!searching && foundFailed && <LoadError message={SEARCH_ERROR} query={found} className="py-6" />}
          {!searching && assistantsFailed && <LoadError message={ASSISTANTS_ERROR} query={assistants} className="py-6" />}
          {nothingFound && <p className="text-sm text-slate-600">{NO_RESULTS}</p>}
        </div>

        {options.length > 0 && (
          // Only there while it has options: the combobox may point at a list it has not opened yet.
          <div id={listboxId} role="listbox" aria-label="Search results" className="space-y-4">
            {groups.map((group) => (
              <div key={group.label} role="group" aria-labelledby={`${listboxId}-${group.label}`}>
                <div id={`${listboxId}-${group.label}`} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {group.label}
                </div>
                {group.options.map((option) => {
                  const selected = option.key === active?.key;
                  return (
                    <div
                      key={option.key}
                      id={optionId(option)}
                      role="option"
                      aria-selected={selected}
                      onMouseMove={() => setActiveKey(option.key)}
                      onClick={() => open(option)}
                      className={cn('cursor-pointer rounded-lg px-2 py-2', selected ? 'bg-brand-50 text-brand-800' : 'text-slate-900')}
                    >
                      <span className="block break-words text-sm font-medium">{option.label}</span>
                      {option.detail && <span className="block truncate text-xs text-slate-600">{option.detail}</span>}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        )}
      </div>

      {options.length > 0 && (
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm">
          <Link
            to={`${paths.search}?${new URLSearchParams({ q })}`}
            onClick={onClose}
            className="font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            See every JD and resume for “{q}”
          </Link>
        </p>
      )}
    </Dialog>
  );
}
