import type { User } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterAvatarChange } from './keys';

/** DELETE /users/avatar → { message, user }. */
export const removeAvatar = () => api.delete<{ message: string; user: User }>('/users/avatar');

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAvatar, onSuccess: () => invalidateAfterAvatarChange(queryClient) });
}
