import { useMutation } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type RequestOtpInput = {
  email: string;
  /** false for the first send, true for a resend (SPEC section 7). */
  retry: boolean;
};

export type RequestOtpResponse = ApiSchema<'RequestOtpAnswer'>;

export function requestOtp({ email, retry }: RequestOtpInput): Promise<RequestOtpResponse> {
  return data(api.POST('/auth/requestotp', { params: { query: { email, retry } } }));
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
