import type {
  GoogleExchangeResponse,
  LoginBody,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  Role,
  User,
  UserResponse,
  VerifyResponse,
} from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface CompleteProfileBody {
  role: Role;
  phoneNumber: string;
  hostelBlock: string | null;
  roomNumber: string | null;
}

/** PUT /users/complete-google-profile → { user }. */
const completeGoogleProfile = (body: CompleteProfileBody) =>
  api.put<UserResponse>('/users/complete-google-profile', body);

export function useCompleteGoogleProfile() {
  return useMutation({ mutationFn: completeGoogleProfile });
}

/** POST /auth/forgot-password → { message } (the same answer whether or not the account exists). */
const forgotPassword = (body: { email: string }) => api.post<MessageResponse>('/auth/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/**
 * POST /auth/google/exchange → { token, user, completeProfile }: trades the one-time code of the
 * Google callback page for a session. The browser sends the sign-in's cookie with it.
 */
export const exchangeGoogleCode = (code: string) =>
  api.post<GoogleExchangeResponse>('/auth/google/exchange', { code });

interface LoginResponse {
  token: string;
  user: User;
}

/** POST /auth/login → { token, user }; an unverified account answers 403 { isVerified: false, userId }. */
const login = (body: LoginBody) => api.post<LoginResponse>('/auth/login', body);

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/**
 * POST /auth/register → 201 { message, userId, ticket }; a 400 carries errors [{ param, msg }]. The
 * ticket, sent with the mailed code from this browser, signs the student in.
 */
const register = (body: RegisterBody) => api.post<RegisterResponse>('/auth/register', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** POST /auth/reset-password → { message }. */
const resetPassword = (body: { token: string; password: string }) =>
  api.post<MessageResponse>('/auth/reset-password', body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** POST /auth/send-otp → { message }; 429 during the 60 s cooldown. `userId` names the sign-up. */
const sendOtp = (body: { email: string; userId?: string }) =>
  api.post<MessageResponse>('/auth/send-otp', body);

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}

/**
 * POST /auth/verify-otp → { message }, plus { token, user } (as login answers) when `ticket` is the
 * sign-up's own. `userId` names the sign-up the code must belong to.
 */
const verifyOtp = (body: { email: string; otp: string; userId?: string; ticket?: string }) =>
  api.post<VerifyResponse>('/auth/verify-otp', body);

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
