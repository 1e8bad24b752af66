import { z } from 'zod';
import { LIMITS } from '../constants';
import { ACCOUNT_BLOCKER_KINDS, ACCOUNT_MESSAGES } from '../messages/account';
import { MESSAGES } from '../messages/common';
import { userText } from './common';

/**
 * DELETE /users/me. A member with a password sends it; one without (Google sign-in) sends
 * `confirm: 'DELETE'` within minutes of signing in. The server decides which applies.
 */
export const deleteAccountSchema = z.object({
  password: userText('text', MESSAGES.passwordCharacters)
    .max(LIMITS.passwordMax, MESSAGES.passwordMax)
    .optional(),
  confirm: userText('line', ACCOUNT_MESSAGES.confirmWrong).max(20, ACCOUNT_MESSAGES.confirmWrong).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

/** One thing in the way of deleting an account (the 409's `blockers`). */
export const accountBlockerSchema = z.object({
  kind: z.enum(ACCOUNT_BLOCKER_KINDS),
  /** The request, trip, run or settlement. */
  id: z.string(),
  /** What the member calls it: the request's or product's title, the trip's destination. */
  title: z.string(),
});
export type AccountBlocker = z.infer<typeof accountBlockerSchema>;

/** GET /users/me/deletion-blockers: what keeps the signed-in member from deleting their account now. */
export const accountBlockersResponseSchema = z.object({ blockers: z.array(accountBlockerSchema) });
export type AccountBlockersResponse = z.infer<typeof accountBlockersResponseSchema>;
