import {
  type AnswerWantedBody,
  type CreateWantedBody,
  WANTED_LIMITS,
  WANTED_MESSAGES,
  WANTED_NOTICES,
  type WantedListQuery,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf, prefixQuery } from '../../lib/lists';
import { toPaise } from '../../lib/money';
import type { Limiter } from '../../lib/rate-limit';
import { serialTasks, type SerialTasks } from '../../lib/serial-tasks';
import { bindUseCases } from '../../lib/use-cases';
import { type AnswerRefusal, answerRefusal } from './wanted.policy';
import { type PhotoFiles, removePhoto, storePhoto } from './wanted.photos';
import { presentWanted } from './wanted.presenter';
import * as repo from './wanted.repo';

/** The chat message an answer sends: the chat module writes it, with the wanted post as a card. */
export interface WantedPorts {
  chat: {
    post(
      actor: Actor,
      input: { receiverId: string; content: string; wantedPostId: string; productId?: string },
    ): Promise<unknown>;
  };
}

interface Deps extends Pick<AppContext, 'db' | 'events'>, WantedPorts, PhotoFiles {
  imageLimits: ImageLimits;
  changes: Limiter;
  answers: Limiter;
  /** Matching new products against open wanted posts, after the product's answer has gone. */
  background: SerialTasks;
}

const REFUSALS: Record<AnswerRefusal, () => Error> = {
  own: () => badRequest(WANTED_MESSAGES.answerOwn),
  blocked: () => forbidden(WANTED_MESSAGES.answerBlocked),
  notOpen: () => conflict(WANTED_MESSAGES.notOpen),
};

async function found({ db }: Deps, actor: Actor, id: string) {
  const row = await repo.findWanted(db, actor.id, id);
  // Across a block the post does not exist for the viewer, as a listing does not.
  if (!row || (row.blocked && row.userId !== actor.id)) throw notFound(WANTED_MESSAGES.notFound);
  return row;
}

/** GET /wanted. */
async function list({ db, storage }: Deps, actor: Actor, q: WantedListQuery) {
  const rows = await repo.listWanted(
    db,
    actor.id,
    { search: prefixQuery(q.search), category: q.category, posterId: q.posterId },
    q.limit,
    q.cursor,
  );
  const { items, nextCursor } = pageOf(rows, q.limit, (r) => r.cursor);
  return { posts: items.map((r) => presentWanted(storage, actor.id, r)), nextCursor };
}

/** GET /wanted/{id}. */
async function get(deps: Deps, actor: Actor, id: string) {
  return { post: presentWanted(deps.storage, actor.id, await found(deps, actor, id)) };
}

/** POST /wanted: at most WANTED_LIMITS.openPerMember open at once. */
async function create(deps: Deps, actor: Actor, body: CreateWantedBody) {
  await deps.changes.consume(actor.id, WANTED_MESSAGES.tooManyChanges);
  const id = await repo.insertWanted(
    deps.db,
    {
      userId: actor.id,
      title: body.title,
      details: body.details || null,
      category: body.category,
      maxPrice: toPaise(body.maxPrice),
      matchQuery: prefixQuery(body.title) ?? null,
    },
    WANTED_LIMITS.openPerMember,
  );
  if (!id) throw conflict(WANTED_MESSAGES.tooMany);
  return presented(deps, actor, id, WANTED_MESSAGES.posted);
}

/** Only its poster changes a post: another member's is 404 (or 403 when they can see it). */
async function assertPoster(deps: Deps, actor: Actor, id: string) {
  const post = await found(deps, actor, id);
  if (post.userId !== actor.id) throw forbidden(WANTED_MESSAGES.notYours);
}

const presented = async (deps: Deps, actor: Actor, id: string, message: string) => ({
  post: presentWanted(deps.storage, actor.id, await found(deps, actor, id)),
  message,
});

/** The poster's change of their own post. */
async function change(deps: Deps, actor: Actor, id: string, write: () => Promise<boolean>, message: string) {
  await deps.changes.consume(actor.id, WANTED_MESSAGES.tooManyChanges);
  await assertPoster(deps, actor, id);
  if (!(await write())) throw notFound(WANTED_MESSAGES.notFound);
  return presented(deps, actor, id, message);
}

/** POST /wanted/{id}/renew: 14 more days from now; reopening one counts against the open limit. */
const renew = (deps: Deps, actor: Actor, id: string) =>
  change(
    deps,
    actor,
    id,
    async () => {
      const outcome = await repo.renewWanted(
        deps.db,
        actor.id,
        id,
        WANTED_LIMITS.days,
        WANTED_LIMITS.openPerMember,
      );
      if (outcome === 'tooMany') throw conflict(WANTED_MESSAGES.tooMany);
      return outcome === 'renewed';
    },
    WANTED_MESSAGES.renewed,
  );

/** POST /wanted/{id}/close. */
const close = (deps: Deps, actor: Actor, id: string) =>
  change(deps, actor, id, () => repo.closeWanted(deps.db, actor.id, id), WANTED_MESSAGES.closed);

/** DELETE /wanted/{id}: its photo's files go with it. */
async function remove(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, WANTED_MESSAGES.tooManyChanges);
  await assertPoster(deps, actor, id);
  const deleted = await repo.deleteWanted(deps.db, actor.id, id);
  if (!deleted) throw notFound(WANTED_MESSAGES.notFound);
  await removePhoto(deps, deleted);
  return { message: WANTED_MESSAGES.deleted };
}

/**
 * PUT /wanted/{id}/photo (the route has checked the poster and counted the upload before reading
 * it): the photo is verified, re-encoded and stored first, then the post points at it, then the
 * photo it had goes. A post gone meanwhile takes the new files with it.
 */
async function setPhoto(deps: Deps, actor: Actor, id: string, file: UploadedFile) {
  const photo = await storePhoto(deps, file.path, deps.imageLimits);
  let previous: repo.PhotoColumns | undefined;
  try {
    previous = await repo.swapWantedPhoto(deps.db, actor.id, id, photo);
  } catch (err) {
    await removePhoto(deps, photo);
    throw err;
  }
  if (!previous) {
    await removePhoto(deps, photo);
    throw notFound(WANTED_MESSAGES.notFound);
  }
  await removePhoto(deps, previous);
  return presented(deps, actor, id, WANTED_MESSAGES.photoAdded);
}

/** DELETE /wanted/{id}/photo. */
async function deletePhoto(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, WANTED_MESSAGES.tooManyChanges);
  await assertPoster(deps, actor, id);
  const previous = await repo.swapWantedPhoto(deps.db, actor.id, id, null);
  if (!previous) throw notFound(WANTED_MESSAGES.notFound);
  await removePhoto(deps, previous);
  return presented(deps, actor, id, WANTED_MESSAGES.photoRemoved);
}

/**
 * POST /wanted/{id}/answer: "I have one". The poster gets a chat message with the wanted post as a
 * card and, when the answerer links one, their own available listing as a product card.
 */
async function answer(deps: Deps, actor: Actor, id: string, body: AnswerWantedBody) {
  await deps.answers.consume(actor.id, WANTED_MESSAGES.tooManyAnswers);
  const post = await found(deps, actor, id);
  const refusal = answerRefusal(actor.id, post);
  if (refusal) throw REFUSALS[refusal]();
  if (body.productId !== undefined && !(await repo.answerableProduct(deps.db, actor.id, body.productId)))
    throw badRequest(WANTED_MESSAGES.productNotYours, [
      { param: 'productId', msg: WANTED_MESSAGES.productNotYours },
    ]);
  await deps.chat.post(actor, {
    receiverId: post.userId,
    content: body.content || WANTED_NOTICES.answer(post.title),
    wantedPostId: post.id,
    productId: body.productId,
  });
  return { receiverId: post.userId, message: WANTED_MESSAGES.answered };
}

/** Tells the posters of the open wanted posts a new product matches (once per post and product). */
async function match(deps: Deps, productId: string) {
  for (const m of await repo.matchProduct(deps.db, productId))
    await deps.events?.emit({
      type: 'users.noticed',
      userIds: [m.userId],
      notice: {
        type: 'wanted',
        message: WANTED_NOTICES.matched(m.title, m.productName),
        data: { productId, wantedPostId: m.wantedId },
      },
    });
}

/** A product was listed (new, or available again): matched after its answer has gone. */
function listed(deps: Deps, productId: string) {
  deps.background.later(() => match(deps, productId));
}

const settled = (deps: Deps) => deps.background.drain();

/**
 * Wanted posts: a member says what they are looking for and up to what price; others answer "I have
 * one" in the chat, and the poster is told when a matching product is listed.
 */
export function createWantedService(
  ctx: Pick<AppContext, 'db' | 'log' | 'events' | 'limiter' | 'storage'>,
  ports: WantedPorts,
  imageLimits: ImageLimits = DEFAULT_IMAGE_LIMITS,
) {
  const deps: Deps = {
    db: ctx.db,
    events: ctx.events,
    storage: ctx.storage,
    log: ctx.log,
    imageLimits,
    ...ports,
    changes: ctx.limiter('wanted-changes', { points: WANTED_LIMITS.changesPerHour, duration: 3600 }),
    answers: ctx.limiter('wanted-answers', { points: WANTED_LIMITS.answersPerHour, duration: 3600 }),
    background: serialTasks(ctx.log, 'wanted post matching failed'),
  };
  return bindUseCases(deps, {
    list,
    get,
    create,
    renew,
    close,
    remove,
    assertPoster,
    setPhoto,
    deletePhoto,
    answer,
    listed,
    settled,
  });
}
export type WantedService = ReturnType<typeof createWantedService>;
