import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type VerifyOtpInput = {
  email: string;
  otpCode: string;
};

export type VerifyOtpResponse = {
  success?: boolean;
  message?: string;
  data?: {
    token?: string;
    validTo?: string;
    refreshToken?: string;
    user?: { userFullName?: string; email?: string };
  };
};

/** Excluded from the refresh-and-retry logic by the API client. */
export function verifyOtp({ email, otpCode }: VerifyOtpInput): Promise<VerifyOtpResponse> {
  return api.post<VerifyOtpResponse>('/auth/verifyotp', { email, otpCode });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
