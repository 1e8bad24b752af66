import type { DeviceSession } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** DELETE /auth/sessions/{id} → { message }: signs one of the account's other devices out. */
export const endSession = (id: string) =>
  api.delete<{ message: string }>(`/auth/sessions/${encodeURIComponent(id)}`);

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<DeviceSession[]>(profileKeys.sessions, (old) =>
        old?.filter((s) => s.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
