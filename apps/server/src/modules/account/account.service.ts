import { ACCOUNT_DELETION, ACCOUNT_MESSAGES, type DeleteAccountBody } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { AppError, fieldError, forbidden, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { confirmRefusal, orderBlockers, proofNeeded } from './account.policy';
import * as repo from './account.repo';
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';

/** What the deletion needs of other features, handed in by the composition root. */
export interface AccountPorts {
  /** Tells of the member's pending requests it cancelled, as a cancel by the requester would. */
  requests: { announce(ids: string[], change: 'cancelled'): Promise<unknown> };
  /** Tells of the member's products it removed, and removes their photos, as a seller's delete would. */
  products: { removedWithSeller(sellerId: string, removed: repo.RemovedProduct[]): Promise<void> };
  /** Removes the profile photo's file when it is one we stored. */
  avatars: { removeFile(avatar: string | null): Promise<void> };
  /** Each table's owner erases what it keeps of the member, inside the deletion's transaction. */
  erasers: repo.MemberErasers;
}

/** What the deletion works with: the context, its ports and its hourly budget. */
interface Deps extends Pick<AppContext, 'db' | 'events' | 'log'>, AccountPorts {
  limit: Limiter;
}

/** 400 or 403 when the member has not proved it is them. */
async function checkProof({ db }: Deps, actor: Actor, passwordHash: string | null, body: DeleteAccountBody) {
  if (proofNeeded(passwordHash !== null) === 'password') {
    if (!body.password?.trim()) throw fieldError('password', ACCOUNT_MESSAGES.passwordRequired);
    if (!(await verifyPassword(passwordHash, body.password)))
      throw fieldError('password', ACCOUNT_MESSAGES.passwordWrong);
    return;
  }
  const started = actor.sessionId ? await repo.sessionStartedAt(db, actor.id, actor.sessionId) : null;
  const refusal = confirmRefusal(body.confirm, started, new Date());
  if (refusal === 'confirmWrong') throw fieldError('confirm', ACCOUNT_MESSAGES.confirmWrong);
  if (refusal === 'signInAgain') throw forbidden(ACCOUNT_MESSAGES.signInAgain, 'signInAgain');
}

/** Work after the commit that the answer does not wait on to be true: logged, never thrown. */
async function afterwards({ log }: Deps, what: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (err) {
    log.error({ err }, `account deletion: ${what} failed`);
  }
}

/** DELETE /users/me. */
async function deleteAccount(deps: Deps, actor: Actor, body: DeleteAccountBody) {
  const { db, events, log } = deps;
  // Every attempt counts, a wrong password too.
  await deps.limit.consume(actor.id, ACCOUNT_MESSAGES.tooMany);
  const account = await repo.findAccount(db, actor.id);
  if (!account || account.deletedAt) throw unauthorized();
  await checkProof(deps, actor, account.passwordHash, body);

  const result = await repo.deleteAccount(db, deps.erasers, actor.id);
  if ('missing' in result) throw unauthorized();
  if ('blockers' in result)
    throw new AppError(409, 'CONFLICT', ACCOUNT_MESSAGES.blocked, {
      reason: 'accountInUse',
      blockers: orderBlockers(result.blockers),
    });

  const { deleted } = result;
  // Every token is void now: each process closes the account's sockets and drops its cached user.
  await events.emit({ type: 'user.sessions_revoked', userId: actor.id });
  await afterwards(deps, 'announcing cancelled requests', () =>
    deps.requests.announce(deleted.cancelledRequests, 'cancelled'),
  );
  await afterwards(deps, 'announcing removed products', () =>
    deps.products.removedWithSeller(actor.id, deleted.removedProducts),
  );
  await afterwards(deps, 'removing the avatar', () => deps.avatars.removeFile(deleted.avatar));
  log.info({ userId: actor.id }, 'account deleted');
  return { message: ACCOUNT_MESSAGES.deleted };
}

/** GET /users/me/deletion-blockers: what must be finished first, in the order the screen lists it. */
async function deletionBlockers({ db }: Deps, actor: Actor) {
  return { blockers: orderBlockers(await repo.findBlockers(db, actor.id)) };
}

/**
 * "Delete my account": the member proves it is them, nothing open may be left to others, and then
 * everything personal is erased in one transaction. What others keep (messages, ratings, finished
 * deals) stays, shown from "Deleted user". After the commit every session's sockets close on every
 * process, and the cancelled requests and removed products are announced by their own features.
 */
export function createAccountService(
  ctx: Pick<AppContext, 'db' | 'events' | 'limiter' | 'log'>,
  ports: AccountPorts,
) {
  const limit = ctx.limiter('account-deletion', { points: ACCOUNT_DELETION.perHour, duration: 3600 });
  const deps: Deps = { db: ctx.db, events: ctx.events, log: ctx.log, limit, ...ports };
  return bindUseCases(deps, { deleteAccount, deletionBlockers });
}
export type AccountService = ReturnType<typeof createAccountService>;
