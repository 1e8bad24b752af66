import type { DeviceSession } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /auth/sessions → { sessions }: the devices signed in to the account, most recently used first. */
export const getSessions = (signal?: AbortSignal) =>
  api.get<{ sessions: DeviceSession[] }>('/auth/sessions', { signal }).then((body) => body.sessions);

export const sessionsQuery = () =>
  queryOptions({ queryKey: profileKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQuery());
}
