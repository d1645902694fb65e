import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Spinner } from '@/components/ui/spinner';

export type QueryDialogBodyProps<T> = {
  query: UseQueryResult<T>;
  /** What is loading, for assistive technology ("Loading the job page"). */
  loadingLabel: string;
  /** What could not be loaded, in the dialog's words. */
  failed: string;
  onClose: () => void;
  children: (data: T) => ReactNode;
};

/** A dialog's body that needs one answer first: a spinner, or the failure with Retry and Close, then the body. */
export function QueryDialogBody<T>({ query, loadingLabel, failed, onClose, children }: QueryDialogBodyProps<T>) {
  if (query.isPending) {
    return (
      <div className="mt-6 flex justify-center text-brand-600" role="status" aria-label={loadingLabel}>
        <Spinner className="size-6" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mt-4 space-y-4">
        <ErrorAlert>{failed}</ErrorAlert>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      </div>
    );
  }
  return children(query.data);
}
