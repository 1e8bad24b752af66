import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/send-otp → { message }; 429 during the 60 s cooldown. `userId` names the sign-up. */
export const sendOtp = (body: { email: string; userId?: string }) =>
  api.post<{ message: string }>('/auth/send-otp', body);

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
