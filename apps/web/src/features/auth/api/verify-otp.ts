import type { VerifyResponse } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /auth/verify-otp → { message }, plus { token, user } (as login answers) when `ticket` is the
 * sign-up's own. `userId` names the sign-up the code must belong to.
 */
export const verifyOtp = (body: { email: string; otp: string; userId?: string; ticket?: string }) =>
  api.post<VerifyResponse>('/auth/verify-otp', body);

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
