// Generated from packages/shared/src/routes/identity.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.identity;

/** DELETE /api/auth/sessions/:id · Sign out one device */
export const endSession = (input: RouteInput<Routes['endSession']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['endSession']>>(
    'DELETE',
    `/auth/sessions/${encodeURIComponent(input.params.id)}`,
    options,
  );

/** POST /api/auth/forgot-password */
export const forgotPassword = (input: RouteInput<Routes['forgotPassword']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['forgotPassword']>>('POST', '/auth/forgot-password', {
    body: input.body,
    ...options,
  });

/** POST /api/auth/google/exchange · Finish Google sign-in */
export const googleExchange = (input: RouteInput<Routes['googleExchange']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['googleExchange']>>('POST', '/auth/google/exchange', {
    body: input.body,
    ...options,
  });

/** POST /api/auth/login */
export const login = (input: RouteInput<Routes['login']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['login']>>('POST', '/auth/login', { body: input.body, ...options });

/** POST /api/auth/logout · Sign out */
export const logout = (options?: CallOptions) =>
  call<RouteAnswer<Routes['logout']>>('POST', '/auth/logout', options);

/** POST /api/auth/logout-all · Sign out of all devices */
export const logoutAll = (options?: CallOptions) =>
  call<RouteAnswer<Routes['logoutAll']>>('POST', '/auth/logout-all', options);

/** GET /api/auth/me */
export const me = (options?: CallOptions) => call<RouteAnswer<Routes['me']>>('GET', '/auth/me', options);

/** POST /api/auth/register */
export const register = (input: RouteInput<Routes['register']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['register']>>('POST', '/auth/register', { body: input.body, ...options });

/** POST /api/auth/reset-password */
export const resetPassword = (input: RouteInput<Routes['resetPassword']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['resetPassword']>>('POST', '/auth/reset-password', {
    body: input.body,
    ...options,
  });

/** POST /api/auth/send-otp */
export const sendOtp = (input: RouteInput<Routes['sendOtp']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['sendOtp']>>('POST', '/auth/send-otp', { body: input.body, ...options });

/** GET /api/auth/sessions · Signed-in devices */
export const sessions = (options?: CallOptions) =>
  call<RouteAnswer<Routes['sessions']>>('GET', '/auth/sessions', options);

/** POST /api/auth/verify-email */
export const verifyEmail = (input: RouteInput<Routes['verifyEmail']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['verifyEmail']>>('POST', '/auth/verify-email', { body: input.body, ...options });

/** POST /api/auth/verify-otp */
export const verifyOtp = (input: RouteInput<Routes['verifyOtp']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['verifyOtp']>>('POST', '/auth/verify-otp', { body: input.body, ...options });
