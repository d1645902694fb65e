import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { WebhookDelivery } from './types';

export const deliveriesQueryKey = (endpoint: number) => ['settings', 'webhooks', endpoint, 'deliveries'] as const;

/** The endpoint's latest 100 deliveries, newest first. */
export function getDeliveries({ endpoint, signal }: { endpoint: number; signal?: AbortSignal }): Promise<WebhookDelivery[]> {
  return data(api.GET('/Settings/Webhooks/{id}/Deliveries', { params: { path: { id: String(endpoint) } }, signal }));
}

export function useDeliveries(endpoint: number) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpoint),
    queryFn: ({ signal }) => getDeliveries({ endpoint, signal }),
    // The log is watched while deliveries and retries happen.
    refetchInterval: 5_000,
  });
}

/** Sends a delivery again now (same event id, a fresh retry schedule). */
export function useResendDelivery(endpoint: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: number) =>
      data(
        api.POST('/Settings/Webhooks/{id}/Deliveries/{deliveryId}/Resend', {
          params: { path: { id: String(endpoint), deliveryId: String(delivery) } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpoint) }),
  });
}
