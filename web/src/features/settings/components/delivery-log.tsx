import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/list-state';
import { toast } from '@/lib/toast';

import { useDeliveries, useResendDelivery } from '../api/webhook-deliveries';
import type { WebhookDelivery } from '../api/types';

export const LOG_EMPTY = 'No deliveries yet.';

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

function response(delivery: WebhookDelivery): string {
  if (delivery.responseCode !== null && delivery.responseCode !== undefined) return String(delivery.responseCode);
  return delivery.error ?? '—';
}

/** An endpoint's latest deliveries: type, status, answer, latency, attempts, next retry. */
export function DeliveryLog({ endpoint }: { endpoint: number }) {
  const deliveries = useDeliveries(endpoint);
  const resend = useResendDelivery(endpoint);

  if (deliveries.isPending) return <p className="text-sm text-slate-600">Loading the deliveries…</p>;
  if (deliveries.isError) return <LoadError message="The deliveries could not be loaded." query={deliveries} />;
  if (deliveries.data.length === 0) return <p className="text-sm text-slate-600">{LOG_EMPTY}</p>;

  const again = async (id: number) => {
    await resend.mutateAsync(id);
    toast.success('The delivery will be sent again.');
  };

  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Deliveries</caption>
      <thead className="text-slate-600">
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Response</th>
          <th scope="col">Latency</th>
          <th scope="col">Attempts</th>
          <th scope="col">Next retry</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id} className="border-t border-slate-100">
            <td>
              <code>{delivery.eventType}</code>
            </td>
            <td>{delivery.status}</td>
            <td title={delivery.error ?? undefined}>{response(delivery)}</td>
            <td>{delivery.latencyMs === null || delivery.latencyMs === undefined ? '—' : `${delivery.latencyMs} ms`}</td>
            <td>{delivery.attempts}</td>
            <td>{when(delivery.nextAttemptAt)}</td>
            <td className="text-right">
              <Button variant="link" disabled={resend.isPending} onClick={() => void again(delivery.id)}>
                Send again
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
