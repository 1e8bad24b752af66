import { FOLLOW_LIMITS, FOLLOW_MESSAGES, type FollowState } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/lists';
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';
import { type FollowRefusal, followRefusal } from './follows.policy';
import { presentFollowState } from './follows.presenter';
import * as repo from './follows.repo';

/** What every use case works with: the database and the per-account budget of follows and unfollows. */
interface Deps extends Pick<AppContext, 'db'> {
  changes: Limiter;
}

const REFUSALS: Record<FollowRefusal, () => Error> = {
  self: () => badRequest(FOLLOW_MESSAGES.self),
  notSeller: () => forbidden(FOLLOW_MESSAGES.notSeller),
  blocked: () => forbidden(FOLLOW_MESSAGES.blocked),
};

/** The member `id` names, as the actor sees them; 404 for no account or a deleted one. */
async function targetOf({ db }: Deps, actor: Actor, id: string) {
  const target = await repo.findTarget(db, actor.id, id);
  if (!target) throw notFound(FOLLOW_MESSAGES.userNotFound);
  return target;
}

/** GET /users/{id}/follow. */
async function state(deps: Deps, actor: Actor, id: string) {
  return { follow: presentFollowState(actor.id, await targetOf(deps, actor, id)) };
}

/** PUT /users/{id}/follow: idempotent; not oneself, not a member who does not sell, not across a block. */
async function follow(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, FOLLOW_MESSAGES.tooMany);
  const target = await targetOf(deps, actor, id);
  const refusal = followRefusal(actor.id, target);
  if (refusal) throw REFUSALS[refusal]();
  // A block made since the read above is checked again by the write itself.
  if (!(await repo.insertFollow(deps.db, actor.id, id))) throw REFUSALS.blocked();
  return {
    follow: presentFollowState(actor.id, await targetOf(deps, actor, id)),
    message: FOLLOW_MESSAGES.followed,
  };
}

/** DELETE /users/{id}/follow: idempotent. */
async function unfollow(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, FOLLOW_MESSAGES.tooMany);
  await targetOf(deps, actor, id);
  await repo.deleteFollow(deps.db, actor.id, id);
  return {
    follow: presentFollowState(actor.id, await targetOf(deps, actor, id)),
    message: FOLLOW_MESSAGES.unfollowed,
  };
}

type Page = { limit: number; cursor?: string };

/** A member in either list: who, and since when (never their cursor's keys). */
const presentFollowed = (r: { id: string; name: string; avatar: string | null; since: string }) => ({
  id: r.id,
  name: r.name,
  avatar: r.avatar,
  since: r.since,
});

/** GET /users/following: whom the actor follows, newest first. */
async function following({ db }: Deps, actor: Actor, query: Page) {
  const [rows, total] = await Promise.all([
    repo.followingPage(db, actor.id, query.limit, query.cursor),
    repo.countFollows(db, actor.id, 'following'),
  ]);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  return { users: items.map(presentFollowed), total, nextCursor };
}

/** GET /users/followers: the actor's own followers (nobody reads another member's). */
async function followers({ db }: Deps, actor: Actor, query: Page) {
  const [rows, total] = await Promise.all([
    repo.followersPage(db, actor.id, query.limit, query.cursor),
    repo.countFollows(db, actor.id, 'followers'),
  ]);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  return { users: items.map(presentFollowed), total, nextCursor };
}

/** What a public profile shows of follows (the people feature's port); zeros for no such member. */
async function profileState({ db }: Deps, viewerId: string, userId: string): Promise<FollowState> {
  const target = await repo.findTarget(db, viewerId, userId);
  return target
    ? presentFollowState(viewerId, target)
    : { following: false, followerCount: 0, canFollow: false };
}

/** A block was made (committed): neither of the two follows the other any more. */
async function usersBlocked({ db }: Deps, blockerId: string, blockedId: string) {
  await repo.deleteFollowsBetween(db, blockerId, blockedId);
}

/**
 * Following a seller: the follower is told of the seller's new listings (the notifications writer
 * tells them, grouped, on `product.created`). Whom a member follows is theirs to see; who follows
 * them is only theirs; how many follow a member is on their public profile.
 */
export function createFollowsService(ctx: Pick<AppContext, 'db' | 'limiter'>) {
  const deps: Deps = {
    db: ctx.db,
    changes: ctx.limiter('follow-changes', { points: FOLLOW_LIMITS.changesPerHour, duration: 3600 }),
  };
  return bindUseCases(deps, { state, follow, unfollow, following, followers, profileState, usersBlocked });
}
export type FollowsService = ReturnType<typeof createFollowsService>;
