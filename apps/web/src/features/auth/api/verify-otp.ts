import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/verify-otp → { message }. `userId` names the sign-up the code must belong to. */
export const verifyOtp = (body: { email: string; otp: string; userId?: string }) =>
  api.post<{ message: string }>('/auth/verify-otp', body);

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
