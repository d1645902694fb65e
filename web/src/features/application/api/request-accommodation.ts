import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { applicationKeys } from './types';
import type { MyApplication } from './types';

/**
 * Asks for an alternative process or an accommodation (1 to 2000 characters; 400 `validation`
 * when empty). The team answers by e-mail; the page comes back with `accommodationRequested`.
 */
export function requestAccommodation({ token, message }: { token: string; message: string }): Promise<MyApplication> {
  return data(api.POST('/Application/{token}/Accommodation', { params: { path: { token } }, body: { message: message.trim() } }));
}

export function useRequestAccommodation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => requestAccommodation({ token, message }),
    onSuccess: (page) => queryClient.setQueryData(applicationKeys.page(token), page),
  });
}
