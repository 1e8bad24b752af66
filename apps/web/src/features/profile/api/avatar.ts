import type { User } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

type AvatarResponse = { message: string; user: User };

export interface UploadAvatarVariables {
  file: File;
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** PUT /users/avatar, multipart with one `avatar` file → { message, user }. */
export function uploadAvatar({ file, onProgress }: UploadAvatarVariables) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return uploadForm<AvatarResponse>('/users/avatar', form, { method: 'PUT', onProgress });
}

/** DELETE /users/avatar → { message, user }. */
export const removeAvatar = () => api.delete<AvatarResponse>('/users/avatar');

/**
 * The user's avatar is embedded in many answers (requests, products, chat): every cached one is
 * marked stale, so a screen shows the new photo when it is next opened (open ones refetch now).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: useRefreshAfterChange() });
}

export function useRemoveAvatar() {
  return useMutation({ mutationFn: removeAvatar, onSuccess: useRefreshAfterChange() });
}
