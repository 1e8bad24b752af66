import type { PushPreferences } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PushConfig } from './get-push-config';
import { profileKeys } from './keys';

/** PUT /push/preferences → { preferences }: which pushes the user gets. */
export const savePushPreferences = (preferences: PushPreferences) =>
  api.put<{ preferences: PushPreferences }>('/push/preferences', preferences);

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushPreferences,
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<PushConfig>(profileKeys.pushConfig, (old) => old && { ...old, preferences }),
  });
}
