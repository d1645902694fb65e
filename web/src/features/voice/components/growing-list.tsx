import { useEffect, useRef } from 'react';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';

import { addItem, removeItem, setItem } from '../lib/growing-list';

export type GrowingListProps = {
  /** "Topics": the group's legend. */
  legend: string;
  /** "Topic": each box is named "Topic 1", "Topic 2"… */
  item: string;
  placeholder: string;
  items: string[];
  /** The spec's count for this list: no more boxes than this. */
  max: number;
  onChange: (items: string[]) => void;
};

/**
 * A list of text boxes that grows with "Add …" (up to `max`) and shrinks with each box's
 * remove button; a box just added takes the focus, so typing goes on from the keyboard.
 */
export function GrowingList({ legend, item, placeholder, items, max, onChange }: GrowingListProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    boxes.current[focusNext.current]?.focus();
    focusNext.current = null;
  }, [items.length]);

  const full = items.length >= max;
  const noun = item.toLowerCase();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">
        {legend} <span className="font-normal text-slate-600">(up to {max})</span>
      </legend>
      {items.map((value, i) => (
        <div key={i} className="flex items-center gap-2">
          <input
            ref={(box) => {
              boxes.current[i] = box;
            }}
            aria-label={`${item} ${i + 1}`}
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(setItem(items, i, event.target.value))}
            className={inputClass()}
          />
          {items.length > 1 && (
            <button
              type="button"
              aria-label={`Remove ${item} ${i + 1}`}
              onClick={() => {
                focusNext.current = Math.min(i, items.length - 2);
                onChange(removeItem(items, i));
              }}
              className="rounded-lg p-2 text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
            >
              <TrashIcon width={16} height={16} />
            </button>
          )}
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={full}
        onClick={() => {
          focusNext.current = items.length;
          onChange(addItem(items, max));
        }}
      >
        <PlusIcon width={16} height={16} />
        <span>Add {noun}</span>
      </Button>
    </fieldset>
  );
}
