import type { RegisterBody, RegisterResponse } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /auth/register → 201 { message, userId, ticket }; a 400 carries errors [{ param, msg }]. The
 * ticket, sent with the mailed code from this browser, signs the student in.
 */
export const register = (body: RegisterBody) => api.post<RegisterResponse>('/auth/register', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
