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
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf, prefixQuery } from '../../lib/lists';
import { toPaise } from '../../lib/money';
import type { Limiter } from '../../lib/rate-limit';
import { serialTasks, type SerialTasks } from '../../lib/serial-tasks';
import { bindUseCases } from '../../lib/use-cases';
import { type AnswerRefusal, answerRefusal } from './wanted.policy';
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

interface Deps extends Pick<AppContext, 'db' | 'events'>, WantedPorts {
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
async function list({ db }: Deps, actor: Actor, q: WantedListQuery) {
  const rows = await repo.listWanted(
    db,
    actor.id,
    { search: prefixQuery(q.search), category: q.category, posterId: q.posterId },
    q.limit,
    q.cursor,
  );
  const { items, nextCursor } = pageOf(rows, q.limit, (r) => r.cursor);
  return { posts: items.map((r) => presentWanted(actor.id, r)), nextCursor };
}

/** GET /wanted/{id}. */
async function get(deps: Deps, actor: Actor, id: string) {
  return { post: presentWanted(actor.id, await found(deps, actor, id)) };
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
  return { post: presentWanted(actor.id, await found(deps, actor, id)), message: WANTED_MESSAGES.posted };
}

/** The poster's change of their own post; another member's is 404 (or 403 when they can see it). */
async function change(deps: Deps, actor: Actor, id: string, write: () => Promise<boolean>, message: string) {
  await deps.changes.consume(actor.id, WANTED_MESSAGES.tooManyChanges);
  const before = await found(deps, actor, id);
  if (before.userId !== actor.id) throw forbidden(WANTED_MESSAGES.notYours);
  if (!(await write())) throw notFound(WANTED_MESSAGES.notFound);
  return { post: presentWanted(actor.id, await found(deps, actor, id)), message };
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

/** DELETE /wanted/{id}. */
async function remove(deps: Deps, actor: Actor, id: string) {
  await change(deps, actor, id, async () => true, WANTED_MESSAGES.deleted);
  if (!(await repo.deleteWanted(deps.db, actor.id, id))) throw notFound(WANTED_MESSAGES.notFound);
  return { message: WANTED_MESSAGES.deleted };
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
  ctx: Pick<AppContext, 'db' | 'log' | 'events' | 'limiter'>,
  ports: WantedPorts,
) {
  const deps: Deps = {
    db: ctx.db,
    events: ctx.events,
    ...ports,
    changes: ctx.limiter('wanted-changes', { points: WANTED_LIMITS.changesPerHour, duration: 3600 }),
    answers: ctx.limiter('wanted-answers', { points: WANTED_LIMITS.answersPerHour, duration: 3600 }),
    background: serialTasks(ctx.log, 'wanted post matching failed'),
  };
  return bindUseCases(deps, { list, get, create, renew, close, remove, answer, listed, settled });
}
export type WantedService = ReturnType<typeof createWantedService>;
