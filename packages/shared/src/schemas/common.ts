import { z } from 'zod';
import { LIMITS } from '../constants';
import { ERROR_CODES } from '../errors';
import { DELETED_USER_NAME } from '../messages/account';
import { MESSAGES, charactersNotAllowed, campusEmailMessage } from '../messages/common';

/** What the app needs to know about its campus; served by GET /api/config. */
export const campusConfigSchema = z.object({
  campusName: z.string(),
  emailDomain: z.string(),
  googleEnabled: z.boolean(),
  supportEmail: z.string(),
  /**
   * The share of page loads that report their speed (POST /api/vitals), 0 to 1. Absent (a page drawn
   * before the server filled its settings in): none do.
   */
  vitalsSampleRate: z.number().min(0).max(1).optional(),
});
export type CampusConfig = z.infer<typeof campusConfigSchema>;

/**
 * The kinds of text a user types, and the characters each refuses:
 * - `text` (descriptions, messages, notes): NUL and the other control characters but tab, line feed
 *   and carriage return (C0, DEL and C1). PostgreSQL cannot store NUL; the others only garble what is shown.
 * - `line` (titles, places, searches, hostel fields): besides, line breaks and tabs, and the bidi
 *   overrides, embeddings and isolates that make a title read backwards ('Admin\u202Etxt.exe').
 * - `name` (a person's name, shown beside everything they do): besides, the direction marks and the
 *   zero-width characters that make two names look alike.
 */
export type TextKind = 'text' | 'line' | 'name';
// Control characters are exactly what these patterns look for.
/* eslint-disable no-control-regex */
const NOT_ALLOWED: Record<TextKind, RegExp> = {
  text: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/,
  line: /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/,
  name: /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/,
};
/* eslint-enable no-control-regex */

/** Whether a string holds only characters its kind of text allows. */
export const allowedText = (kind: TextKind) => (value: string) => !NOT_ALLOWED[kind].test(value);

/**
 * Every string a user sends starts here: a string of that kind, with `message` for a character it
 * refuses and `params` as z.string's (its "required" message). Checked first, on the text without
 * the white space at its ends (which the fields that trim drop anyway: a pasted "Hema\n" is Hema).
 */
export const userText = (
  kind: TextKind,
  message: string = MESSAGES.textCharacters,
  params?: Parameters<typeof z.string>[0],
) => z.string(params).refine((value) => allowedText(kind)(value.trim()), { message, abort: true });

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters, digits and . _ % + - only, with no leading, trailing or double dot. */
const LOCAL_PART = /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*$/i;

/** The university e-mail rule: required, an address, a plain local part on the campus domain. */
export function campusEmail(campus: Pick<CampusConfig, 'campusName' | 'emailDomain'>) {
  const domain = `@${campus.emailDomain.toLowerCase()}`;
  // The same rule for the OpenAPI document, which cannot read the refinement below.
  const campusAddress = `^[A-Za-z0-9_%+-]+(\\.[A-Za-z0-9_%+-]+)*${domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  return userText('line', MESSAGES.emailInvalid, { error: MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: MESSAGES.emailRequired });
      else if (value.length > LIMITS.emailMax || !EMAIL_SHAPE.test(value))
        ctx.addIssue({ code: 'custom', message: MESSAGES.emailInvalid });
      else if (!value.endsWith(domain) || !LOCAL_PART.test(value.slice(0, -domain.length)))
        ctx.addIssue({ code: 'custom', message: campusEmailMessage(campus.campusName) });
    })
    .meta({ format: 'email', pattern: campusAddress, maxLength: LIMITS.emailMax });
}

/** Any e-mail-shaped string, for endpoints that must not reveal the domain rule's verdict. */
export const emailField = userText('line', MESSAGES.emailInvalid, { error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.emailInvalid);

export const requiredPassword = userText('text', MESSAGES.passwordCharacters, {
  error: MESSAGES.passwordRequired,
})
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.passwordMax, MESSAGES.passwordMax);

export const newPassword = (requiredMessage: string = MESSAGES.passwordRequired) =>
  userText('text', MESSAGES.passwordCharacters, { error: requiredMessage })
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: requiredMessage });
      else if (value.length < LIMITS.passwordMin)
        ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMin });
      else if (value.length > LIMITS.passwordMax)
        ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMax });
    })
    // The same limits for the OpenAPI document (the checks above give their messages in order).
    .meta({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });

/** A person's name: one line, no invisible or direction-changing characters. */
export const personName = userText('name', MESSAGES.nameCharacters, { error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.nameMax, MESSAGES.nameTooLong)
  // Screens show a deleted account under this name; nobody else may take it.
  .refine((v) => v.toLowerCase() !== DELETED_USER_NAME.toLowerCase(), MESSAGES.nameReserved);

export const phoneNumber = (message: string = MESSAGES.phoneInvalid) =>
  userText('line', message, { error: message })
    .trim()
    .regex(/^\d{10}$/, message);

/** An optional one-line field ('' and null become null). */
export const optionalText = (max: number, message: string, what = 'This field') =>
  userText('line', charactersNotAllowed(what))
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const uuidParam = z.object({ id: z.uuid({ error: 'Invalid id' }) });

export const messageResponseSchema = z.object({ message: z.string() });

/** The body of an error answer (`ApiErrorBody`), for a route that declares one of its own. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  reason: z.string(),
  errors: z.array(z.object({ param: z.string(), msg: z.string() })).optional(),
});

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: userText('line', 'Invalid cursor').max(200).optional(),
});
