import type { ComponentProps } from 'react';

import { cn } from './cn';

/** A form's or dialog's error in place (the server's refusal, a failed save), announced as it appears. */
export function ErrorAlert({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      role="alert"
      className={cn('rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200', className)}
      {...props}
    />
  );
}
