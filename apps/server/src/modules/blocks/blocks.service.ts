import { BLOCK_MESSAGES } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, notFound } from '../../lib/errors';
import * as repo from './blocks.repo';
import { bindUseCases } from '../../lib/use-cases';

type Deps = Pick<AppContext, 'db' | 'events'>;

/** Both users changed: every process reads their lists afresh. */
async function changed({ events }: Deps, a: string, b: string) {
  await events.emit({ type: 'user.updated', userId: a });
  await events.emit({ type: 'user.updated', userId: b });
}

async function block(deps: Deps, actor: Actor, userId: string) {
  const { db, events } = deps;
  if (userId === actor.id) throw badRequest(BLOCK_MESSAGES.self);
  if (!(await repo.userExists(db, userId))) throw notFound(BLOCK_MESSAGES.userNotFound);
  if (await repo.insertBlock(db, actor.id, userId)) {
    await changed(deps, actor.id, userId);
    await events.emit({ type: 'users.blocked', blockerId: actor.id, blockedId: userId });
  }
  return { blocked: true, message: BLOCK_MESSAGES.blocked };
}

async function unblock(deps: Deps, actor: Actor, userId: string) {
  if (await repo.deleteBlock(deps.db, actor.id, userId)) await changed(deps, actor.id, userId);
  return { blocked: false, message: BLOCK_MESSAGES.unblocked };
}

async function list({ db }: Deps, actor: Actor) {
  return { users: await repo.listBlocked(db, actor.id) };
}

/**
 * Blocking: either of two users blocking the other separates them (no chat, no accepting each
 * other's requests, neither's listings in the other's lists). The rules live where each list and
 * action is decided (lib/listing-visibility.ts); this feature keeps the list of blocks. A change is
 * announced as both users changing, so every process reads their lists afresh; a new block is also
 * announced as such, so open sockets stop showing presence and typing between the two at once.
 */
export function createBlocksService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const deps: Deps = { db: ctx.db, events: ctx.events };
  return bindUseCases(deps, { block, unblock, list });
}
export type BlocksService = ReturnType<typeof createBlocksService>;
