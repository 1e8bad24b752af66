import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/verify-otp → { message }. */
export const verifyOtp = (body: { email: string; otp: string }) =>
  api.post<{ message: string }>('/auth/verify-otp', body);

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
