import type { ProfileUpdateBody, User } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /users/profile → { message, user }. */
export const updateProfile = (body: ProfileUpdateBody) =>
  api.put<{ message: string; user: User }>('/users/profile', body);

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
