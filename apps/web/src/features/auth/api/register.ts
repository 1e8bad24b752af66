import type { RegisterBody } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RegisterResponse {
  message: string;
  userId: string;
}

/** POST /auth/register → 201 { message, userId }; a 400 carries errors [{ param, msg }]. */
export const register = (body: RegisterBody) => api.post<RegisterResponse>('/auth/register', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
