import type { EmailPreferences } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /email/preferences → { preferences }: which e-mails the user gets while away. */
export const getEmailPreferences = (signal?: AbortSignal) =>
  api.get<{ preferences: EmailPreferences }>('/email/preferences', { signal }).then((b) => b.preferences);

export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: profileKeys.emailPreferences,
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });

export function useEmailPreferences() {
  return useQuery(emailPreferencesQuery());
}
