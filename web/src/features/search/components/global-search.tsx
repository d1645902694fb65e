import { useEffect, useState } from 'react';

import { SearchIcon } from '@/components/ui/icons';

import { SearchDialog } from './search-dialog';

/** ⌘K on a Mac, Ctrl+K elsewhere: what the hint on the button says. */
const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The top bar's search: a button that opens the search dialog, also opened with ⌘K / Ctrl+K
 * from anywhere in the app (the browser's own use of Ctrl+K gives way to it). Each opening
 * starts from an empty input.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      // Another dialog (a delete confirmation) keeps the keyboard; one modal at a time.
      if (!open && document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      setOpen((value) => !value);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Meta+K Control+K"
        onClick={() => setOpen(true)}
        className="flex items-center gap-2 rounded-lg p-2 text-slate-600 ring-slate-300 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:w-64 sm:bg-white sm:px-3 sm:ring-1 sm:hover:bg-slate-50"
      >
        <SearchIcon width={18} height={18} className="shrink-0" />
        <span aria-hidden="true" className="hidden flex-1 text-left text-sm text-slate-500 sm:inline">
          Search…
        </span>
        <kbd aria-hidden="true" className="hidden rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 sm:inline">
          {isMac() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
