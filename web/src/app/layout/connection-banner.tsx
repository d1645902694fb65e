import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { reportAnswer, useConnection } from '@/lib/connection';
import { formatTime } from '@/lib/date-time';

export const UNREACHABLE = 'The Hirelane server cannot be reached.';

/** 'What you see was loaded at 9:41 AM and may be out of date.' */
export function staleNote(lastAnsweredAt: number | null): string {
  return lastAnsweredAt === null
    ? 'Nothing could be loaded yet.'
    : `What you see was loaded at ${formatTime(lastAnsweredAt)} and may be out of date.`;
}

/**
 * The shell's banner while the server does not answer (down, unreachable, the network gone): it
 * says so, marks what the pages still show from the cache as possibly out of date, and offers
 * Retry, which asks again for everything on screen. It leaves once any call gets an answer.
 */
export function ConnectionBanner() {
  const queryClient = useQueryClient();
  const { reachable, lastAnsweredAt } = useConnection();
  const [retrying, setRetrying] = useState(false);

  // The browser knows first when the network goes; asking again once it is back.
  useEffect(() => {
    const offline = () => reportAnswer(null);
    const online = () => void queryClient.refetchQueries({ type: 'active' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [queryClient]);

  if (reachable) return null;

  const retry = async () => {
    setRetrying(true);
    try {
      await queryClient.refetchQueries({ type: 'active' });
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div
      role="alert"
      data-testid="connection-banner"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6 print:hidden"
    >
      <AlertIcon width={18} height={18} className="shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{UNREACHABLE}</span> <span data-testid="stale-note">{staleNote(lastAnsweredAt)}</span>
      </p>
      <Button variant="secondary" loading={retrying} onClick={() => void retry()}>
        Retry
      </Button>
    </div>
  );
}
