import type { DeviceSession } from '@campusrun/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sessionKeys = { list: ['auth', 'sessions'] as const };

/** GET /auth/sessions: the devices signed in to the account, most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) =>
      api.get<{ sessions: DeviceSession[] }>('/auth/sessions', { signal }).then((body) => body.sessions),
  });
}

/** DELETE /auth/sessions/{id}: signs one of the account's other devices out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<DeviceSession[]>(sessionKeys.list, (old) => old?.filter((s) => s.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}

/** POST /auth/logout-all: every device of the account is signed out, this one included. */
export function useEndAllSessions() {
  return useMutation({ mutationFn: () => api.post<{ message: string }>('/auth/logout-all') });
}
