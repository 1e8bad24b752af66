import { suspendedMessage } from '@campusrun/shared';
import type { Config } from '../../config';
import type { AppContext } from '../../lib/app-context';
import { mailboxOf } from '../../lib/email-address';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repo';

/** The end of a suspension in force now: null for "until lifted", undefined when not suspended. */
function suspensionOf(
  user: Pick<repo.UserRow, 'suspendedAt' | 'suspendedUntil'>,
  now = new Date(),
): Date | null | undefined {
  if (!user.suspendedAt) return undefined;
  if (user.suspendedUntil && user.suspendedUntil.getTime() <= now.getTime()) return undefined;
  return user.suspendedUntil ?? null;
}

/**
 * Every way of signing in (password, Google) lets a user in through here: a suspended account is
 * refused with the date it ends; an address whose mailbox is listed in MODERATOR_EMAILS becomes a
 * moderator.
 */
export async function admit(
  ctx: Pick<AppContext, 'db' | 'events'>,
  config: Pick<Config, 'moderatorEmails'>,
  user: repo.UserRow,
) {
  const until = suspensionOf(user);
  if (until !== undefined) throw new AppError(403, 'FORBIDDEN', suspendedMessage(until));
  const mailbox = mailboxOf(user.email);
  if (user.isModerator || !config.moderatorEmails.some((address) => mailboxOf(address) === mailbox))
    return user;
  const updated = (await repo.updateUser(ctx.db, user.id, { isModerator: true })) ?? user;
  // Every process reads the user again, so the flag holds for tokens issued before too.
  await ctx.events.emit({ type: 'user.updated', userId: user.id });
  return updated;
}
