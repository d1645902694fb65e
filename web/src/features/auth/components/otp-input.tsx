import { useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';

import { cn } from '@/components/ui/cn';

export type OtpInputProps = {
  /** One entry per box: a single digit or ''. */
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  labelledBy?: string;
  describedBy?: string;
  autoFocus?: boolean;
};

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Six single-digit boxes: digits only, a paste fills every box, arrow keys
 * move between boxes and Backspace on an empty box steps back and clears it.
 */
export function OtpInput({ digits, onChange, disabled, invalid, labelledBy, describedBy, autoFocus }: OtpInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const length = digits.length;

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `text`'s digits into the boxes starting at `start`; returns the next box. */
  const fillFrom = (start: number, text: string): number => {
    const next = [...digits];
    let index = start;
    for (const digit of onlyDigits(text)) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    return index;
  };

  const handleChange = (index: number, value: string) => {
    const typed = onlyDigits(value);
    if (typed === '') {
      // A non-digit was typed (ignored) or the box was emptied.
      if (value === '') {
        const next = [...digits];
        next[index] = '';
        onChange(next);
      }
      return;
    }
    // Autofill (one-time-code) delivers the whole code into one box.
    if (typed.length >= length) {
      focusBox(fillFrom(0, typed) - 1);
      return;
    }
    // The typed digit replaces the box's old one, wherever the caret was.
    const previous = digits[index] ?? '';
    let added = typed;
    if (previous && typed.length > 1) {
      if (typed.startsWith(previous)) added = typed.slice(previous.length);
      else if (typed.endsWith(previous)) added = typed.slice(0, -previous.length);
    }
    focusBox(fillFrom(index, added || previous));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        const next = [...digits];
        if (next[index]) {
          next[index] = '';
          onChange(next);
        } else if (index > 0) {
          next[index - 1] = '';
          onChange(next);
          focusBox(index - 1);
        }
        break;
      }
      case 'Delete': {
        event.preventDefault();
        const next = [...digits];
        next[index] = '';
        onChange(next);
        break;
      }
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        break;
      default:
        break;
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (!pasted) return;
    // A pasted code fills the boxes from the first one.
    const next = Array.from({ length }, (_, i) => pasted[i] ?? '');
    onChange(next);
    focusBox(Math.min(pasted.length, length - 1));
  };

  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="flex justify-between gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          // The boxes are positional; their order never changes.
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={length}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
          className={cn(
            'aspect-square w-full min-w-0 max-w-14 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 shadow-sm',
            'transition-colors outline-none focus:border-brand-500 focus:ring-3 focus:ring-brand-200',
            'disabled:cursor-not-allowed disabled:bg-slate-100',
            invalid ? 'border-red-400' : 'border-slate-300',
          )}
        />
      ))}
    </div>
  );
}
