import type { LoginBody, User } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface LoginResponse {
  token: string;
  user: User;
}

/** POST /auth/login → { token, user }; an unverified account answers 403 { isVerified: false, userId }. */
export const login = (body: LoginBody) => api.post<LoginResponse>('/auth/login', body);

export function useLogin() {
  return useMutation({ mutationFn: login });
}
