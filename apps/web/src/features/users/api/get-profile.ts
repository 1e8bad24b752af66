import type { PublicProfile } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const profileKeys = { detail: (id: string) => ['users', 'profile', id] as const };

/** GET /users/{id}/profile → { profile }. */
export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: profileKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ profile: PublicProfile }>(`/users/${encodeURIComponent(id)}/profile`, { signal })
        .then((b) => b.profile),
  });
}
