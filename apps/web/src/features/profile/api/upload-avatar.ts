import type { User } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '@/lib/upload';
import { invalidateAfterAvatarChange } from './keys';

export interface UploadAvatarVariables {
  file: File;
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** PUT /users/avatar, multipart with one `avatar` file → { message, user }. */
export function uploadAvatar({ file, onProgress }: UploadAvatarVariables) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return uploadForm<{ message: string; user: User }>('/users/avatar', form, { method: 'PUT', onProgress });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: () => invalidateAfterAvatarChange(queryClient) });
}
