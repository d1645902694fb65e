import { isRouteErrorResponse, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { useConnection } from '@/lib/connection';

export const PAGE_FAILED = 'This page could not be loaded.';

/**
 * A recruiter page that threw or whose code could not be fetched (the server down, a deploy
 * since): said inside the shell, which keeps its sidebar and top bar, with Retry. The shell's
 * connection banner says when the server is the cause.
 */
export function PageError() {
  const error = useRouteError();
  const { reachable } = useConnection();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : reachable
      ? 'An unexpected error occurred while loading this page.'
      : 'The server cannot be reached. Retry once it is back.';
  return (
    <div
      role="alert"
      data-testid="page-error"
      className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-3 rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200"
    >
      <AlertIcon className="text-red-700" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-slate-900">{PAGE_FAILED}</h1>
      <p className="text-sm text-slate-600">{detail}</p>
      <Button onClick={() => window.location.reload()}>Retry</Button>
    </div>
  );
}
