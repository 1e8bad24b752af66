import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/logout-all → { message }: every device of the account is signed out, this one included. */
export const endAllSessions = () => api.post<{ message: string }>('/auth/logout-all');

export function useEndAllSessions() {
  return useMutation({ mutationFn: endAllSessions });
}
