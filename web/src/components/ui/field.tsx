import type { ReactNode } from 'react';

import { cn } from './cn';

/** Classes of text inputs, textareas and selects in forms. */
export const inputClass = (invalid = false) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-400',
    'focus:ring-3 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-100' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
  );

export type FieldProps = {
  /** Id of the control (the label points at it). */
  id: string;
  label: ReactNode;
  /** Id for a label that names a non-input control (e.g. an editor). */
  labelId?: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Shown on the label's line, right-aligned (e.g. a character counter). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A labelled form control with its hint and error message (ids: `{id}-hint`, `{id}-error`). */
export function Field({ id, label, labelId, required, hint, error, aside, children, className }: FieldProps) {
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <label id={labelId} htmlFor={labelId ? undefined : id} className="block text-sm font-medium text-slate-700">
          {label}
          {required && (
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {aside}
      </div>
      <div className="mt-1.5">{children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria-describedby value for a field's control. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** A field's character counter ('12 / 200'), red once over `max`; counts characters as the server does (code points). */
export function CharCount({ value, max }: { value: string; max: number }) {
  const count = [...value].length;
  return <span className={cn('text-xs tabular-nums', count > max ? 'text-red-700' : 'text-slate-500')}>{`${count} / ${max}`}</span>;
}
