import type { ReactNode } from 'react';

/** A message box: green for success, red for errors. */
export function Banner({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'success'
          ? 'rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800 ring-1 ring-green-200'
          : 'rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200'
      }
    >
      {children}
    </p>
  );
}
