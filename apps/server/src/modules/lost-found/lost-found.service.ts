import {
  type ClaimLostFoundBody,
  type CreateLostFoundBody,
  type EditLostFoundBody,
  LOST_FOUND_LIMITS,
  LOST_FOUND_MESSAGES as M,
  LOST_FOUND_NOTICES,
  type LostFoundListQuery,
  type Reliability,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isBlockedBetween } from '../../lib/listing-visibility';
import { anyPrefixQuery, pageOf, prefixQuery } from '../../lib/lists';
import type { Limiter } from '../../lib/rate-limit';
import { serialTasks, type SerialTasks } from '../../lib/serial-tasks';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import { createUploadLinks } from '../../lib/upload-links';
import { bindUseCases } from '../../lib/use-cases';
import { type PhotoFiles, removePhotos, storePhotos } from './lost-found.photos';
import { type ClaimRefusal, claimRefusal } from './lost-found.policy';
import { presentClaim, presentPost } from './lost-found.presenter';
import * as repo from './lost-found.repo';

/**
 * What lost and found needs of other features: the chat message that opens the conversation between
 * the finder and the owner, and a claimant's reliability record as their profile shows it.
 */
export interface LostFoundPorts {
  chat: {
    post(
      actor: Actor,
      input: { receiverId: string; content: string; lostFoundPostId: string },
    ): Promise<unknown>;
  };
  people: { reliability(userId: string): Promise<Reliability | undefined> };
}

interface Deps extends Pick<AppContext, 'db' | 'events'>, LostFoundPorts, PhotoFiles {
  imageLimits: ImageLimits;
  /** A photo's signed link (the photos are private uploads). */
  photoUrl: (key: string) => string;
  changes: Limiter;
  claimsLimit: Limiter;
  /** Matching new posts against open posts of the other kind, after the post's answer has gone. */
  background: SerialTasks;
}

const REFUSALS: Record<ClaimRefusal, () => Error> = {
  own: () => badRequest(M.claimOwn),
  blocked: () => forbidden(M.claimBlocked),
  notFound: () => conflict(M.onlyFound),
  notOpen: () => conflict(M.notOpen),
  already: () => conflict(M.claimedAlready),
};

/** Members with no reliability record to read (gone meanwhile) show an empty one. */
const NO_RECORD = (): Reliability => ({
  deliveriesCompleted: 0,
  requestsCompleted: 0,
  cancellationsAfterAcceptance: 0,
  deliveriesGivenUp: 0,
  disputesLost: 0,
  settlementsOverdue: 0,
  memberSince: new Date(0).toISOString(),
});

/**
 * The post as the actor may see it: across a block it does not exist for the viewer, nor does one
 * held or removed by moderation (but for its poster).
 */
async function found({ db }: Deps, actor: Actor, id: string) {
  const row = await repo.findPost(db, actor.id, id);
  const own = row?.userId === actor.id;
  if (!row || (!own && (row.blocked || row.moderation !== 'visible'))) throw notFound(M.notFound);
  return row;
}

const presented = async (deps: Deps, actor: Actor, id: string, message: string) => ({
  post: presentPost(deps.photoUrl, actor.id, await found(deps, actor, id)),
  message,
});

/** GET /lost-found. */
async function list({ db, photoUrl }: Deps, actor: Actor, q: LostFoundListQuery) {
  const rows = await repo.listPosts(
    db,
    actor.id,
    { kind: q.kind, search: prefixQuery(q.q), category: q.category },
    q.limit,
    q.cursor,
  );
  const { items, nextCursor } = pageOf(rows, q.limit, (r) => r.cursor);
  return { posts: items.map((r) => presentPost(photoUrl, actor.id, r)), nextCursor };
}

/** GET /lost-found/places. */
const places = async ({ db }: Deps, _actor: Actor, q: { q?: string }) => ({
  places: await repo.places(db, q.q, LOST_FOUND_LIMITS.placesMax),
});

/** GET /lost-found/{id}. */
const get = async (deps: Deps, actor: Actor, id: string) => ({
  post: presentPost(deps.photoUrl, actor.id, await found(deps, actor, id)),
});

const matchQueryOf = (title: string) => anyPrefixQuery(title, 3) ?? null;

/** POST /lost-found. */
async function create(deps: Deps, actor: Actor, body: CreateLostFoundBody) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  const id = await repo.insertPost(deps.db, {
    userId: actor.id,
    kind: body.kind,
    title: body.title,
    category: body.category,
    place: body.place,
    happenedAt: body.when,
    details: body.details || null,
    question: body.kind === 'found' ? (body.question ?? null) : null,
    answer: body.kind === 'found' ? (body.answer ?? null) : null,
    matchQuery: matchQueryOf(body.title),
  });
  later(deps, id);
  return presented(deps, actor, id, M.posted);
}

/** Only its poster changes a post: another member's is 403 (404 when they cannot see it). */
async function assertPoster(deps: Deps, actor: Actor, id: string) {
  const post = await found(deps, actor, id);
  if (post.userId !== actor.id) throw forbidden(M.notYours);
  return post;
}

/** PATCH /lost-found/{id}: a lost post takes no question; a found post keeps one. */
async function edit(deps: Deps, actor: Actor, id: string, body: EditLostFoundBody) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  const post = await assertPoster(deps, actor, id);
  if (post.kind === 'lost' && (body.question !== undefined || body.answer !== undefined))
    throw badRequest(M.questionOnlyFound, [{ param: 'question', msg: M.questionOnlyFound }]);
  const changed = await repo.updatePost(deps.db, actor.id, id, {
    title: body.title,
    category: body.category,
    place: body.place,
    happenedAt: body.when,
    details: body.details === undefined ? undefined : body.details || null,
    question: body.question,
    answer: body.answer,
    matchQuery: body.title === undefined ? undefined : matchQueryOf(body.title),
  });
  if (!changed) throw notFound(M.notFound);
  if (body.title !== undefined || body.category !== undefined || body.details !== undefined) later(deps, id);
  return presented(deps, actor, id, M.saved);
}

/** POST /lost-found/{id}/renew: 30 more days from now. */
async function renew(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  await assertPoster(deps, actor, id);
  if (!(await repo.renewPost(deps.db, actor.id, id, LOST_FOUND_LIMITS.days))) throw conflict(M.notOpen);
  later(deps, id);
  return presented(deps, actor, id, M.renewed);
}

/** The claimants of a post that went back to its owner are told. */
async function tellReturned(deps: Deps, post: { id: string; title: string }, userIds: string[]) {
  if (userIds.length === 0) return;
  await deps.events.emit({
    type: 'users.noticed',
    userIds,
    notice: {
      type: 'lost_found',
      message: LOST_FOUND_NOTICES.returned(post.title),
      data: { lostFoundPostId: post.id },
    },
  });
}

/** POST /lost-found/{id}/resolve: returned to its owner (or found again); its open claims close. */
async function resolve(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  const post = await assertPoster(deps, actor, id);
  const outcome = await repo.resolvePost(deps.db, actor.id, id);
  if (typeof outcome === 'string') throw conflict(M.notOpen);
  await tellReturned(deps, post, outcome.others);
  return presented(deps, actor, id, M.resolved);
}

/** DELETE /lost-found/{id}. */
async function remove(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  await assertPoster(deps, actor, id);
  const deleted = await repo.deletePost(deps.db, actor.id, id);
  if (!deleted) throw notFound(M.notFound);
  await removePhotos(deps, deleted.photos);
  return { message: M.deleted };
}

/**
 * PUT /lost-found/{id}/photos (the route has checked the poster and counted the upload before
 * reading it): the photos are verified, re-encoded and stored first, then the post points at them,
 * then the ones it had go. A post gone meanwhile takes the new files with it.
 */
async function setPhotos(deps: Deps, actor: Actor, id: string, files: UploadedFile[]) {
  const photos = await storePhotos(
    deps,
    files.map((f) => f.path),
    deps.imageLimits,
  );
  let previous: repo.StoredPhoto[] | undefined;
  try {
    previous = await repo.swapPhotos(deps.db, actor.id, id, photos);
  } catch (err) {
    await removePhotos(deps, photos);
    throw err;
  }
  if (!previous) {
    await removePhotos(deps, photos);
    throw notFound(M.notFound);
  }
  await removePhotos(deps, previous);
  return presented(deps, actor, id, M.photosSaved);
}

/** DELETE /lost-found/{id}/photos. */
async function deletePhotos(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  await assertPoster(deps, actor, id);
  const previous = await repo.swapPhotos(deps.db, actor.id, id, []);
  if (!previous) throw notFound(M.notFound);
  await removePhotos(deps, previous);
  return presented(deps, actor, id, M.photosRemoved);
}

/** POST /lost-found/{id}/claims: "That's mine", with the claimant's answer. */
async function claim(deps: Deps, actor: Actor, id: string, body: ClaimLostFoundBody) {
  await deps.claimsLimit.consume(actor.id, M.tooManyClaimsPerHour);
  const post = await found(deps, actor, id);
  const refusal = claimRefusal(actor.id, post);
  if (refusal) throw REFUSALS[refusal]();
  const outcome = await repo.insertClaim(
    deps.db,
    id,
    actor.id,
    body.answer,
    LOST_FOUND_LIMITS.openClaimsPerMember,
  );
  if (outcome === 'notOpen') throw conflict(M.notOpen);
  if (outcome === 'tooMany') throw conflict(M.tooManyClaims);
  if (outcome === 'already') throw conflict(M.claimedAlready);
  await deps.events.emit({
    type: 'users.noticed',
    userIds: [post.userId],
    notice: {
      type: 'lost_found',
      message: LOST_FOUND_NOTICES.claimed(post.title),
      data: { lostFoundPostId: post.id },
    },
  });
  return { claim: outcome, message: M.claimed };
}

/** GET /lost-found/{id}/claims: the finder's alone, without the claims held or removed by moderation. */
async function claims(deps: Deps, actor: Actor, id: string) {
  const post = await found(deps, actor, id);
  if (post.userId !== actor.id) throw forbidden(M.onlyFinder);
  const rows = await repo.claimsOf(deps.db, id);
  const records = await Promise.all(rows.map((r) => deps.people.reliability(r.claimantId)));
  return { claims: rows.map((r, i) => presentClaim(r, records[i] ?? NO_RECORD())) };
}

/**
 * POST /lost-found/{id}/claims/{claimId}/accept: the post is resolved, the finder's chat message
 * opens the conversation with the owner, and the other claimants are told it was returned.
 */
async function accept(deps: Deps, actor: Actor, id: string, claimId: string) {
  await deps.changes.consume(actor.id, M.tooManyChanges);
  const post = await found(deps, actor, id);
  if (post.userId !== actor.id) throw forbidden(M.onlyFinder);
  // A claim held after reports or removed by a moderator has left the finder's list: not theirs to accept.
  const claimRow = await repo.findClaim(deps.db, id, claimId, true);
  if (!claimRow) throw notFound(M.claimNotFound);
  // The chat that follows must be allowed: a block since the claim leaves it open.
  if (await isBlockedBetween(deps.db, actor.id, claimRow.claimantId)) throw forbidden(M.claimBlocked);
  const outcome = await repo.resolvePost(deps.db, actor.id, id, claimId);
  if (outcome === 'notOpen') throw conflict(M.notOpen);
  if (outcome === 'claimNotOpen') throw conflict(M.claimNotOpen);
  const owner = outcome.accepted!;
  // The conversation opens with the post as a card.
  await deps.chat.post(actor, {
    receiverId: owner,
    content: LOST_FOUND_NOTICES.accepted(post.title),
    lostFoundPostId: post.id,
  });
  await tellReturned(deps, post, outcome.others);
  return { ...(await presented(deps, actor, id, M.claimAccepted)), receiverId: owner };
}

/** POST /lost-found/{id}/claims/{claimId}/withdraw: the claimant's own open claim. */
async function withdraw(deps: Deps, actor: Actor, id: string, claimId: string) {
  await deps.claimsLimit.consume(actor.id, M.tooManyClaimsPerHour);
  await found(deps, actor, id);
  const claimRow = await repo.findClaim(deps.db, id, claimId);
  if (!claimRow || claimRow.claimantId !== actor.id) throw notFound(M.claimNotFound);
  if (!(await repo.withdrawClaim(deps.db, actor.id, id, claimId))) throw conflict(M.claimNotOpen);
  return { claim: { id: claimId, status: 'withdrawn' as const }, message: M.claimWithdrawn };
}

/** Tells each lost poster of the found posts a post matched for the first time. */
async function match(deps: Deps, postId: string) {
  for (const m of await repo.matchPost(deps.db, postId, LOST_FOUND_LIMITS.matchDays))
    await deps.events.emit({
      type: 'users.noticed',
      userIds: [m.userId],
      notice: {
        type: 'lost_found',
        message: LOST_FOUND_NOTICES.matched(m.lostTitle, m.foundTitle),
        data: { lostFoundPostId: m.foundId },
      },
    });
}

/** A post was published or changed: matched after its answer has gone. */
function later(deps: Deps, postId: string) {
  deps.background.later(() => match(deps, postId));
}

const settled = (deps: Deps) => deps.background.drain();

/**
 * Lost and found: members post what they lost or found; the owner of a found thing claims it by
 * answering the finder's question, and the finder gives it back to one claimant.
 */
export function createLostFoundService(
  ctx: Pick<AppContext, 'db' | 'log' | 'events' | 'limiter' | 'storage'> & {
    config: Pick<AppContext['config'], 'jwtSecrets'>;
  },
  ports: LostFoundPorts,
  imageLimits: ImageLimits = DEFAULT_IMAGE_LIMITS,
) {
  const links = createUploadLinks(ctx.config.jwtSecrets);
  const deps: Deps = {
    db: ctx.db,
    events: ctx.events,
    storage: ctx.storage,
    log: ctx.log,
    imageLimits,
    photoUrl: (key) => links.url(key),
    ...ports,
    changes: ctx.limiter('lost-found-changes', { points: LOST_FOUND_LIMITS.changesPerHour, duration: 3600 }),
    claimsLimit: ctx.limiter('lost-found-claims', {
      points: LOST_FOUND_LIMITS.claimsPerHour,
      duration: 3600,
    }),
    background: serialTasks(ctx.log, 'lost and found matching failed'),
  };
  return bindUseCases(deps, {
    list,
    places,
    get,
    create,
    edit,
    renew,
    resolve,
    remove,
    assertPoster,
    setPhotos,
    deletePhotos,
    claim,
    claims,
    accept,
    withdraw,
    settled,
  });
}
export type LostFoundService = ReturnType<typeof createLostFoundService>;
