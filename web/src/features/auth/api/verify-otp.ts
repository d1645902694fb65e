import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

export type VerifyOtpInput = ApiSchema<'VerifyOtpBody'>;

export type VerifyOtpResponse = ApiSchema<'VerifyOtpAnswer'>;

/** Excluded from the refresh-and-retry logic by the API client. */
export function verifyOtp({ email, otpCode }: VerifyOtpInput): Promise<VerifyOtpResponse> {
  return api.post<VerifyOtpResponse>('/auth/verifyotp', { email, otpCode });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
