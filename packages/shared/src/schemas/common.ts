import { z } from 'zod';
import { LIMITS } from '../constants';

/** What the app needs to know about its campus; served by GET /api/config. */
export const campusConfigSchema = z.object({
  campusName: z.string(),
  emailDomain: z.string(),
  googleEnabled: z.boolean(),
  supportEmail: z.string(),
});
export type CampusConfig = z.infer<typeof campusConfigSchema>;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordMax: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordsMismatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${LIMITS.nameMax} characters`,
  phoneInvalid: 'Please enter a valid 10-digit phone number',
  roleRequired: 'Please choose Hosteller or Day Scholar',
  hostelBlockRequired: 'Hostel block is required for hostellers',
  roomNumberRequired: 'Room number is required for hostellers',
  hostelFieldTooLong: `Must be at most ${LIMITS.hostelFieldMax} characters`,
  otpRequired: 'Please enter the OTP',
  otpInvalid: 'The OTP is the 6-digit code from the email',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
} as const;

export const campusEmailMessage = (campusName: string) => `Only ${campusName} email addresses are allowed`;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters, digits and . _ % + - only, with no leading, trailing or double dot. */
const LOCAL_PART = /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*$/i;

/** The university e-mail rule: required, an address, a plain local part on the campus domain. */
export function campusEmail(campus: Pick<CampusConfig, 'campusName' | 'emailDomain'>) {
  const domain = `@${campus.emailDomain.toLowerCase()}`;
  return z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: MESSAGES.emailRequired });
      else if (value.length > LIMITS.emailMax || !EMAIL_SHAPE.test(value))
        ctx.addIssue({ code: 'custom', message: MESSAGES.emailInvalid });
      else if (!value.endsWith(domain) || !LOCAL_PART.test(value.slice(0, -domain.length)))
        ctx.addIssue({ code: 'custom', message: campusEmailMessage(campus.campusName) });
    });
}

/** Any e-mail-shaped string, for endpoints that must not reveal the domain rule's verdict. */
export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.emailInvalid);

export const requiredPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.passwordMax, MESSAGES.passwordMax);

export const newPassword = (requiredMessage: string = MESSAGES.passwordRequired) =>
  z.string({ error: requiredMessage }).superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: requiredMessage });
    else if (value.length < LIMITS.passwordMin)
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMin });
    else if (value.length > LIMITS.passwordMax)
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMax });
  });

export const personName = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.nameMax, MESSAGES.nameTooLong);

export const phoneNumber = (message: string = MESSAGES.phoneInvalid) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{10}$/, message);

export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const uuidParam = z.object({ id: z.uuid({ error: 'Invalid id' }) });

export const messageResponseSchema = z.object({ message: z.string() });

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(200).optional(),
});
