import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import type { NewWebhookInput, WebhookEndpoint, WebhookList, WebhookSecret } from './types';

export const webhooksQueryKey = ['settings', 'webhooks'] as const;

/** The endpoints, oldest first, and the event types one may subscribe to (admins only). */
export function getWebhooks({ signal }: { signal?: AbortSignal } = {}): Promise<WebhookList> {
  return data(api.GET('/Settings/Webhooks', { signal }));
}

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => getWebhooks({ signal }) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

const path = (id: number) => ({ params: { path: { id: String(id) } } });

/**
 * Subscribes an endpoint; answers its secret, shown once. 400 `invalid_webhook_url`,
 * `webhook_target_refused` (an internal address) or `invalid_event_type`.
 */
export function useAddWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWebhookInput): Promise<WebhookSecret> => data(api.POST('/Settings/Webhooks', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** Replaces the endpoint's secret; the old one stops signing at once. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: (id: number): Promise<WebhookSecret> => data(api.POST('/Settings/Webhooks/{id}/Secret', path(id))),
  });
}

/** Makes a paused endpoint deliver again. */
export function useResumeWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<WebhookEndpoint> => data(api.POST('/Settings/Webhooks/{id}/Resume', path(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** Removes the endpoint and its delivery log. */
export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => data(api.DELETE('/Settings/Webhooks/{id}', path(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
