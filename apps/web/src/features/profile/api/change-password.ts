import type { ChangePasswordBody } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /users/change-password → { message, token }: the old token is revoked, the new one replaces it. */
export const changePassword = (body: ChangePasswordBody) =>
  api.put<{ message: string; token?: string }>('/users/change-password', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
