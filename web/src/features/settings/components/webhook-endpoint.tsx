import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { apiErrorMessage } from '@/lib/api-client';

import { useRemoveWebhook, useResumeWebhook, useRotateSecret } from '../api/webhooks';
import type { WebhookEndpoint } from '../api/types';
import { DeliveryLog } from './delivery-log';
import { SecretNotice } from './webhook-secret';

const ACTION_FAILED = 'That did not work; please try again.';

/** One endpoint: its state, events and actions, and its delivery log on demand. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const rotate = useRotateSecret();
  const resume = useResumeWebhook();
  const remove = useRemoveWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paused = endpoint.state === 'paused';

  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(apiErrorMessage(failure, ACTION_FAILED));
    }
  };

  return (
    <li aria-label={endpoint.url} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="break-all font-medium text-slate-900">{endpoint.url}</p>
        <span
          className={
            paused
              ? 'rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800'
              : 'rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800'
          }
        >
          {paused ? `Paused after ${endpoint.consecutiveFailures} failures` : 'Active'}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {endpoint.eventTypes.join(', ')} · {endpoint.includePersonalData ? 'with personal data' : 'without personal data'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog}>
          Delivery log
        </Button>
        <Button
          variant="secondary"
          loading={rotate.isPending}
          onClick={() =>
            void run(async () => {
              setSecret((await rotate.mutateAsync(endpoint.id)).secret);
            })
          }
        >
          Rotate secret
        </Button>
        {paused && (
          <Button
            loading={resume.isPending}
            onClick={() =>
              void run(async () => {
                await resume.mutateAsync(endpoint.id);
              })
            }
          >
            Resume
          </Button>
        )}
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() => {
            if (!confirmRemove) return setConfirmRemove(true);
            void run(async () => {
              await remove.mutateAsync(endpoint.id);
            });
          }}
        >
          {confirmRemove ? 'Confirm removal' : 'Remove'}
        </Button>
      </div>
      {error && <ErrorAlert className="mt-3">{error}</ErrorAlert>}
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
      {showLog && (
        <div className="mt-4 overflow-x-auto">
          <DeliveryLog endpoint={endpoint.id} />
        </div>
      )}
    </li>
  );
}
