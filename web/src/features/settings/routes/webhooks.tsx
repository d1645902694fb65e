import { SettingsTabs } from '@/components/settings/settings-tabs';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useLogError } from '@/lib/use-log-error';

import { useWebhooks } from '../api/webhooks';
import { WebhookEndpointCard } from '../components/webhook-endpoint';
import { WebhookForm } from '../components/webhook-form';

export const WEBHOOKS_FAILED = 'The webhooks could not be loaded.';
export const WEBHOOKS_EMPTY = 'No endpoints yet. Add one to receive signed events.';

/**
 * Settings › Webhooks (/settings/webhooks, admins): HTTPS endpoints that receive signed events,
 * each with its secret (shown once), state and delivery log.
 */
export function WebhooksRoute() {
  const webhooks = useWebhooks();
  useLogError(webhooks.error, 'Failed to load the webhooks');
  const endpoints = webhooks.data?.endpoints ?? [];

  return (
    <PageFrame title="Settings" description="Signed events sent to your other systems.">
      <title>Webhooks · Settings · Hirelane</title>
      <SettingsTabs />
      <div className="mt-6 max-w-4xl space-y-6">
        {webhooks.data && <WebhookForm eventTypes={webhooks.data.eventTypes} />}
        <ListState
          query={webhooks}
          loading={<div aria-busy="true" aria-label="Loading the webhooks" className="h-40 animate-pulse rounded-xl bg-slate-100" />}
          errorMessage={WEBHOOKS_FAILED}
          isEmpty={endpoints.length === 0}
          empty={
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
              {WEBHOOKS_EMPTY}
            </p>
          }
        >
          <ul aria-label="Endpoints" className="space-y-4">
            {endpoints.map((endpoint) => (
              <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        </ListState>
      </div>
    </PageFrame>
  );
}

export { WebhooksRoute as Component };
