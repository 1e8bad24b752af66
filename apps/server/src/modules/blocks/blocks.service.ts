import { BLOCK_MESSAGES } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, notFound } from '../../lib/errors';
import * as repo from './blocks.repo';

/**
 * Blocking: either of two users blocking the other separates them (no chat, no accepting each
 * other's requests, neither's listings in the other's lists). The rules live where each list and
 * action is decided (lib/listing-visibility.ts); this feature keeps the list of blocks. A change is
 * announced as both users changing, so every process reads their lists afresh; a new block is also
 * announced as such, so open sockets stop showing presence and typing between the two at once.
 */
export function createBlocksService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db, events } = ctx;

  async function changed(a: string, b: string) {
    await events.emit({ type: 'user.updated', userId: a });
    await events.emit({ type: 'user.updated', userId: b });
  }

  return {
    async block(actor: Actor, userId: string) {
      if (userId === actor.id) throw badRequest(BLOCK_MESSAGES.self);
      if (!(await repo.userExists(db, userId))) throw notFound(BLOCK_MESSAGES.userNotFound);
      if (await repo.insertBlock(db, actor.id, userId)) {
        await changed(actor.id, userId);
        await events.emit({ type: 'users.blocked', blockerId: actor.id, blockedId: userId });
      }
      return { blocked: true, message: BLOCK_MESSAGES.blocked };
    },

    async unblock(actor: Actor, userId: string) {
      if (await repo.deleteBlock(db, actor.id, userId)) await changed(actor.id, userId);
      return { blocked: false, message: BLOCK_MESSAGES.unblocked };
    },

    async list(actor: Actor) {
      return { users: await repo.listBlocked(db, actor.id) };
    },
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;
