import type { LoginBody, RegisterBody } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import * as endpoints from './endpoints/identity';

/** POST /auth/forgot-password → { message } (the same answer whether or not the account exists). */
const forgotPassword = (body: { email: string }) => endpoints.forgotPassword({ body });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/**
 * POST /auth/google/exchange → { token, user, completeProfile }: trades the one-time code of the
 * Google callback page for a session. The browser sends the sign-in's cookie with it.
 */
export const exchangeGoogleCode = (code: string) => endpoints.googleExchange({ body: { code } });

/** POST /auth/login → { token, user }; an unverified account answers 403 { isVerified: false, userId }. */
const login = (body: LoginBody) => endpoints.login({ body });

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/**
 * POST /auth/register → 201 { message, userId, ticket }; a 400 carries errors [{ param, msg }]. The
 * ticket, sent with the mailed code from this browser, signs the student in.
 */
const register = (body: RegisterBody) => endpoints.register({ body });

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** POST /auth/reset-password → { message }. */
const resetPassword = (body: { token: string; password: string }) => endpoints.resetPassword({ body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** POST /auth/send-otp → { message }; 429 during the 60 s cooldown. `userId` names the sign-up. */
const sendOtp = (body: { email: string; userId?: string }) => endpoints.sendOtp({ body });

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}

/**
 * POST /auth/verify-otp → { message }, plus { token, user } (as login answers) when `ticket` is the
 * sign-up's own. `userId` names the sign-up the code must belong to.
 */
const verifyOtp = (body: { email: string; otp: string; userId?: string; ticket?: string }) =>
  endpoints.verifyOtp({ body });

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
