import {
  createAuthSchemas,
  forgotPasswordBodySchema,
  googleExchangeResponseSchema,
  googleExchangeSchema,
  loginResponseSchema,
  registerResponseSchema,
  resetPasswordSchema,
  sendOtpSchema,
  verifyEmailSchema,
  verifyOtpSchema,
  verifyResponseSchema,
} from '../schemas/auth';
import { messageResponseSchema } from '../schemas/common';
import { sessionsResponseSchema } from '../schemas/sessions';
import { userResponseSchema } from '../schemas/users';
import { idParams, route } from './contract';

const tags = ['auth'] as const;
const message = { 200: messageResponseSchema } as const;

/**
 * Sign-up and sign-in take an address of the campus's own domain: the server registers them with
 * the schemas of its campus (`served(route, { body })`); these stand for any campus.
 */
const anyCampus = createAuthSchemas({ campusName: 'the campus', emailDomain: 'campus.example' });

// Signing up and in, and the password reset: no token.
export const register = route({
  method: 'POST',
  path: '/auth/register',
  tags,
  body: anyCampus.register,
  response: { 201: registerResponseSchema },
});
export const sendOtp = route({
  method: 'POST',
  path: '/auth/send-otp',
  tags,
  body: sendOtpSchema,
  response: message,
});
export const verifyOtp = route({
  method: 'POST',
  path: '/auth/verify-otp',
  tags,
  body: verifyOtpSchema,
  response: { 200: verifyResponseSchema },
});
export const verifyEmail = route({
  method: 'POST',
  path: '/auth/verify-email',
  tags,
  body: verifyEmailSchema,
  response: { 200: verifyResponseSchema },
});
export const login = route({
  method: 'POST',
  path: '/auth/login',
  tags,
  body: anyCampus.login,
  response: { 200: loginResponseSchema },
});
export const forgotPassword = route({
  method: 'POST',
  path: '/auth/forgot-password',
  tags,
  body: forgotPasswordBodySchema,
  response: message,
});
export const resetPassword = route({
  method: 'POST',
  path: '/auth/reset-password',
  tags,
  body: resetPasswordSchema,
  response: message,
});

/** A redirect: where to is in its Location header, never a body. */
const redirect = (description: string) => ({ 302: { description, content: {} } }) as const;

// Google sign-in: the redirect to the provider, its callback, and the trade of the one-time code.
export const googleStart = route({
  method: 'GET',
  path: '/auth/google',
  tags,
  browserOnly: true,
  summary: 'Start Google sign-in',
  description:
    'Redirects to Google with a sealed state cookie; to /login?error=… when Google sign-in is not configured or cannot start.',
  response: redirect('To Google, or back to /login with the error.'),
});
export const googleCallback = route({
  method: 'GET',
  path: '/auth/google/callback',
  tags,
  browserOnly: true,
  summary: 'Google sign-in callback',
  description:
    'Where Google sends the browser back, with the state cookie set by /auth/google. Redirects to the page that finishes sign-in with a one-time code (and sets the exchange cookie), or to /login?error=… .',
  security: [{ googleState: [] }],
  response: redirect('To /auth/google-callback?code=…, or to /login with the error.'),
});
export const googleExchange = route({
  method: 'POST',
  path: '/auth/google/exchange',
  tags,
  summary: 'Finish Google sign-in',
  description:
    'Trades the one-time code of the Google callback page for a session. Works once, within a minute, and only in the browser that went through the sign-in (it carries the matching cookie).',
  body: googleExchangeSchema,
  security: [{ googleExchange: [] }],
  response: { 200: googleExchangeResponseSchema },
});

// Signed in: who they are, and their devices.
export const me = route({ method: 'GET', path: '/auth/me', tags, response: { 200: userResponseSchema } });
export const logout = route({
  method: 'POST',
  path: '/auth/logout',
  tags,
  summary: 'Sign out',
  description:
    'Ends the session of this token only: it stops working and the sockets opened with it close. The account’s other devices stay signed in.',
  response: message,
});
export const logoutAll = route({
  method: 'POST',
  path: '/auth/logout-all',
  tags,
  summary: 'Sign out of all devices',
  description:
    'Ends every session of the account, this one included: all its tokens stop working and its open sockets close.',
  response: message,
});
export const sessions = route({
  method: 'GET',
  path: '/auth/sessions',
  tags,
  summary: 'Signed-in devices',
  description:
    'The account’s active sessions, most recently used first; `current` marks the one of this token.',
  response: { 200: sessionsResponseSchema },
});
export const endSession = route({
  method: 'DELETE',
  path: '/auth/sessions/:id',
  tags,
  summary: 'Sign out one device',
  description:
    'Ends one session of the account (404 for any other): its token stops working and its sockets close.',
  params: idParams,
  response: message,
});
