import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/forgot-password → { message } (the same answer whether or not the account exists). */
export const forgotPassword = (body: { email: string }) =>
  api.post<{ message: string }>('/auth/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
