import { z } from 'zod';
import { LIMITS, ROLES } from '../constants';
import {
  type CampusConfig,
  campusEmail,
  emailField,
  newPassword,
  optionalText,
  personName,
  phoneNumber,
  requiredPassword,
  userText,
} from './common';
import { userSchema } from './users';
import { AUTH_MESSAGES } from '../messages/auth';
import { MESSAGES } from '../messages/common';

type Campus = Pick<CampusConfig, 'campusName' | 'emailDomain'>;

const hostelBlock = optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Hostel block');
const roomNumber = optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Room number');

interface HostelFields {
  role?: string | null;
  hostelBlock?: string | null;
  roomNumber?: string | null;
}

/** Hostellers must give their hostel block and room; shared by register, profile and completion. */
export function requireHostelFields(
  value: HostelFields,
  ctx: z.RefinementCtx,
  messages: { block: string; room: string } = {
    block: MESSAGES.hostelBlockRequired,
    room: MESSAGES.roomNumberRequired,
  },
) {
  if (value.role !== 'hosteller') return;
  if (!value.hostelBlock?.trim())
    ctx.addIssue({ code: 'custom', path: ['hostelBlock'], message: messages.block });
  if (!value.roomNumber?.trim())
    ctx.addIssue({ code: 'custom', path: ['roomNumber'], message: messages.room });
}

export const roleField = z.enum(ROLES, { error: MESSAGES.roleRequired });

/** Everything whose rules depend on the campus e-mail domain. */
export function createAuthSchemas(campus: Campus) {
  const email = campusEmail(campus);

  const login = z.object({ email, password: requiredPassword });

  const registerFields = {
    name: personName,
    email,
    password: newPassword(),
    phoneNumber: phoneNumber(),
    role: roleField,
    hostelBlock,
    roomNumber,
  };
  /** POST /auth/register body. */
  const register = z.object(registerFields).superRefine((v, ctx) => requireHostelFields(v, ctx));
  /** The register form: the body plus a confirmation. */
  const registerForm = z
    .object({ ...registerFields, confirmPassword: userText('text', MESSAGES.passwordCharacters) })
    .superRefine((v, ctx) => {
      requireHostelFields(v, ctx);
      if (v.confirmPassword !== v.password)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsMismatch });
    });

  const forgotPassword = z.object({ email });

  return { email, login, register, registerForm, forgotPassword };
}
export type AuthSchemas = ReturnType<typeof createAuthSchemas>;
export type LoginBody = z.infer<AuthSchemas['login']>;
export type RegisterBody = z.infer<AuthSchemas['register']>;
export type RegisterForm = z.input<AuthSchemas['registerForm']>;

/**
 * The sign-up a code belongs to: the `userId` answered by register, or by a 403 login of an unverified
 * account. A code only ever activates the registration it was mailed for.
 */
const registrationId = z.uuid({ error: 'Invalid id' }).optional();

/**
 * POST /auth/send-otp. The domain rule is not applied here: answers must not reveal accounts.
 * With `userId`, the new code is for that sign-up; without it, only when the address has one.
 */
export const sendOtpSchema = z.object({ email: emailField, userId: registrationId });

export const otpField = userText('line', MESSAGES.otpInvalid, { error: MESSAGES.otpRequired })
  .trim()
  .min(1, MESSAGES.otpRequired)
  .regex(/^\d{6}$/, MESSAGES.otpInvalid);

/**
 * The sign-up ticket answered by register (32 random bytes, base64url): a secret only the browser
 * that submitted the sign-up holds. Sent with the code, it signs that browser in once the code
 * verifies that very sign-up.
 */
const signUpTicket = z
  .string({ error: 'Invalid sign-up ticket' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid sign-up ticket')
  .optional();

/**
 * POST /auth/verify-otp; `userId` names the sign-up (without it: only when the address has one);
 * `ticket` (with `userId`) asks for a session as well.
 */
export const verifyOtpSchema = z.object({
  email: emailField,
  otp: otpField,
  userId: registrationId,
  ticket: signUpTicket,
});

/** POST /auth/verify-email: `token` is the one-time code, accepted with userId or email. */
export const verifyEmailSchema = z
  .object({
    token: otpField,
    userId: registrationId,
    email: emailField.optional(),
    ticket: signUpTicket,
  })
  .refine((v) => v.userId || v.email, { message: 'userId or email is required', path: ['userId'] })
  // The refinement, for the OpenAPI document.
  .meta({ anyOf: [{ required: ['userId'] }, { required: ['email'] }] });

/** The OTP form on /verify-email. */
export const otpFormSchema = z.object({ otp: otpField });

export const forgotPasswordBodySchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: userText('line', 'Invalid or missing reset token', { error: 'Invalid or missing reset token' })
    .min(1, 'Invalid or missing reset token')
    .max(200),
  password: newPassword(),
});

export const resetPasswordFormSchema = z
  .object({ password: newPassword(), confirmPassword: userText('text', MESSAGES.passwordCharacters) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });

/** POST /auth/google/exchange: the one-time code the Google callback page was sent with. */
export const googleExchangeSchema = z.object({
  code: userText('line', AUTH_MESSAGES.googleFailed, { error: AUTH_MESSAGES.googleFailed }).min(1).max(200),
});
export const googleExchangeResponseSchema = loginResponseSchema.extend({ completeProfile: z.boolean() });
export type GoogleExchangeResponse = z.infer<typeof googleExchangeResponseSchema>;
/** POST /auth/register: `userId` names the sign-up and `ticket` lets this browser sign in with its code. */
export const registerResponseSchema = z.object({ message: z.string(), userId: z.uuid(), ticket: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * POST /auth/verify-otp and /auth/verify-email: `token` and `user` (as login answers them) only when
 * the request carried the ticket of the very sign-up the code activated.
 */
export const verifyResponseSchema = z.object({
  message: z.string(),
  token: z.string().optional(),
  user: userSchema.optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
