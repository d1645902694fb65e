import { useEffect, useId, useRef, useState } from 'react';

import { cn } from '@/components/ui/cn';
import { MoreVerticalIcon } from '@/components/ui/icons';
import { stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';

import { emailKindFor, needsReason } from '../lib/moves';

/** What a menu entry asks for: a move at once, or the decision dialog (with the e-mail ticked or not). */
export type MoveChoice = { stage: Stage; withEmail: boolean };

export type MoveMenuProps = {
  /** Names the button for screen readers ('Move Asha Rao to…'). */
  candidateName: string;
  targets: Stage[];
  disabled?: boolean;
  onChoose: (choice: MoveChoice) => void;
};

type Item = { key: string; label: string; choice: MoveChoice; tone?: 'danger' };

function itemsFor(targets: Stage[]): Item[] {
  const moves: Item[] = targets.map((stage) => ({
    key: stage,
    // An ellipsis: a dialog asks for the reason first.
    label: needsReason(stage) ? `${stageLabel(stage)}…` : stageLabel(stage),
    choice: { stage, withEmail: false },
    tone: needsReason(stage) ? 'danger' : undefined,
  }));
  const withEmail: Item[] = targets
    .filter((stage) => emailKindFor(stage) === 'advance')
    .map((stage) => ({ key: `${stage}-email`, label: `${stageLabel(stage)} with e-mail…`, choice: { stage, withEmail: true } }));
  return [...moves, ...withEmail];
}

/**
 * A card's "Move to…" menu: the stages the candidate can go to from where they are, and the
 * advances with an e-mail. Keyboard: Enter or Space opens it, arrows move, Escape closes.
 */
export function MoveMenu({ candidateName, targets, disabled = false, onChoose }: MoveMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const items = itemsFor(targets);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Tab') {
        setOpen(false);
        if (event.key === 'Escape') buttonRef.current?.focus();
        return;
      }
      const list = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
      const index = list.indexOf(document.activeElement as HTMLElement);
      const go = (next: number) => {
        event.preventDefault();
        list[(next + list.length) % list.length]?.focus();
      };
      if (event.key === 'ArrowDown') go(index + 1);
      else if (event.key === 'ArrowUp') go(index - 1);
      else if (event.key === 'Home') go(0);
      else if (event.key === 'End') go(list.length - 1);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Move ${candidateName} to…`}
        disabled={disabled || items.length === 0}
        title={items.length === 0 ? 'No moves from this stage' : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300"
      >
        Move to…
        <MoreVerticalIcon width={14} height={14} aria-hidden="true" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`Move ${candidateName} to`}
          className="absolute right-0 z-40 mt-1 w-56 origin-top-right rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          {items.map(({ key, label, choice, tone }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                buttonRef.current?.focus();
                onChoose(choice);
              }}
              className={cn(
                'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm focus-visible:bg-slate-100 focus-visible:outline-none',
                tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
