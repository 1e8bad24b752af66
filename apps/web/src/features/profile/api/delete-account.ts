import type { DeleteAccountBody } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * DELETE /users/me → { message }: the account is deleted and every one of its sessions ended. Sent
 * with the password, or with `confirm: 'DELETE'` by a member who has none. Refusals: 400 on the
 * field, 403 `signInAgain`, 409 `accountInUse` with the `blockers`, 429 after too many attempts.
 */
export const deleteAccount = (body: DeleteAccountBody) => api.delete<{ message: string }>('/users/me', body);

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
