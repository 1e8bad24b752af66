import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/reset-password → { message }. */
export const resetPassword = (body: { token: string; password: string }) =>
  api.post<{ message: string }>('/auth/reset-password', body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
