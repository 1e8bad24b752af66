import type { EmailPreferences } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** PUT /email/preferences → { preferences }. */
export const saveEmailPreferences = (preferences: EmailPreferences) =>
  api.put<{ preferences: EmailPreferences }>('/email/preferences', preferences).then((b) => b.preferences);

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(profileKeys.emailPreferences, preferences),
  });
}
