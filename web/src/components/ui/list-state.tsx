import type { ReactNode } from 'react';

import { Button } from './button';
import { cn } from './cn';
import { AlertIcon } from './icons';

/** What a failed list needs to ask again: a TanStack query (plain or infinite) fits. */
export type RetryableQuery = {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
};

export type LoadErrorProps = {
  /** What could not be loaded, in the page's words. */
  message: string;
  query: RetryableQuery;
  className?: string;
};

/**
 * A list that could not be loaded: says so, with Retry. Never the empty state, which would
 * tell the recruiter there is nothing when we simply do not know.
 */
export function LoadError({ message, query, className }: LoadErrorProps) {
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl bg-red-50 px-6 py-10 text-center text-red-800 ring-1 ring-inset ring-red-200',
        className,
      )}
    >
      <AlertIcon className="shrink-0" />
      <p className="font-medium">{message}</p>
      <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
        Retry
      </Button>
    </div>
  );
}

export type ListStateProps = {
  query: RetryableQuery & { isPending: boolean; isError: boolean; data: unknown };
  /** Shown while the first answer is awaited. */
  loading: ReactNode;
  errorMessage: string;
  errorClassName?: string;
  isEmpty: boolean;
  empty: ReactNode;
  /** The list itself. */
  children: ReactNode;
};

/** A list's four states in one order: loading, failed (with Retry), empty, the rows. */
export function ListState({ query, loading, errorMessage, errorClassName, isEmpty, empty, children }: ListStateProps) {
  if (query.isPending) return loading;
  // A failed refresh keeps the rows already shown; only a list that never arrived is an error.
  if (query.isError && query.data === undefined) return <LoadError message={errorMessage} query={query} className={errorClassName} />;
  return isEmpty ? empty : children;
}
