import { useMutation } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type VerifyOtpInput = ApiSchema<'VerifyOtpBody'>;

export type VerifyOtpResponse = ApiSchema<'VerifyOtpAnswer'>;

/** Excluded from the refresh-and-retry logic by the API client. */
export function verifyOtp({ email, otpCode }: VerifyOtpInput): Promise<VerifyOtpResponse> {
  return data(api.POST('/auth/verifyotp', { body: { email, otpCode } }));
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
