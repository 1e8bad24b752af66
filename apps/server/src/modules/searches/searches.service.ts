import {
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_MESSAGES,
  type CreateSavedSearchBody,
  type SavedSearchKind,
  type UpdateSavedSearchBody,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import type { AppEvent } from '../../lib/events';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { containsPattern, prefixQuery } from '../../lib/lists';
import { toPaise } from '../../lib/money';
import type { Limiter } from '../../lib/rate-limit';
import { serialTasks, type SerialTasks } from '../../lib/serial-tasks';
import { bindUseCases } from '../../lib/use-cases';
import { type SaveRefusal, type SearchToSave, saveRefusal } from './searches.policy';
import { presentSearch } from './searches.presenter';
import * as repo from './searches.repo';

type Notice = Extract<AppEvent, { type: 'notification.created' }>['notification'];

/** The alerts of new matches, written by the notifications module (grouped per search an hour). */
export interface SearchesPorts {
  notices(kind: SavedSearchKind, itemId: string, matches: repo.Match[]): Promise<Notice[]>;
}

interface Deps extends Pick<AppContext, 'db' | 'log' | 'events'>, SearchesPorts {
  changes: Limiter;
  /** Matching that runs after the post's answer, one post at a time on this process. */
  background: SerialTasks;
}

const REFUSALS: Record<SaveRefusal, () => Error> = {
  requestsForDayScholars: () => forbidden(SAVED_SEARCH_MESSAGES.requestsForDayScholars),
  emptyFilters: () => badRequest(SAVED_SEARCH_MESSAGES.emptyFilters),
};

/** What matching reads of a search, from its filters as the list would apply them. */
function matchColumns(search: SearchToSave): repo.MatchColumns {
  const words = prefixQuery(search.filters.search) ?? null;
  if (search.kind === 'products') {
    const f = search.filters;
    return {
      matchQuery: words,
      category: f.category ?? null,
      condition: f.condition ?? null,
      minAmount: f.minPrice === undefined ? null : toPaise(f.minPrice),
      maxAmount: f.maxPrice === undefined ? null : toPaise(f.maxPrice),
      locationPattern: null,
      pickupPattern: null,
    };
  }
  const f = search.filters;
  return {
    matchQuery: words,
    category: null,
    condition: null,
    minAmount: f.minFee === undefined ? null : toPaise(f.minFee),
    maxAmount: f.maxFee === undefined ? null : toPaise(f.maxFee),
    locationPattern: f.location ? containsPattern(f.location) : null,
    pickupPattern: f.pickupFrom ? containsPattern(f.pickupFrom) : null,
  };
}

async function ownSearch({ db }: Deps, actor: Actor, id: string) {
  const row = await repo.searchOf(db, actor.id, id);
  if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return presentSearch(row);
}

/** GET /saved-searches. */
async function list({ db }: Deps, actor: Actor) {
  return { searches: (await repo.searchesOf(db, actor.id)).map(presentSearch) };
}

/** POST /saved-searches: at most SAVED_SEARCH_LIMITS.perMember; requests only for day scholars. */
async function create(deps: Deps, actor: Actor, body: CreateSavedSearchBody) {
  await deps.changes.consume(actor.id, SAVED_SEARCH_MESSAGES.tooManyChanges);
  const search = body as SearchToSave & { name: string };
  const refusal = saveRefusal(actor.role, search);
  if (refusal) throw REFUSALS[refusal]();
  const id = await repo.insertSearch(
    deps.db,
    {
      userId: actor.id,
      kind: search.kind,
      name: search.name,
      filters: search.filters,
      ...matchColumns(search),
    },
    SAVED_SEARCH_LIMITS.perMember,
  );
  if (!id) throw conflict(SAVED_SEARCH_MESSAGES.tooMany);
  return { search: await ownSearch(deps, actor, id), message: SAVED_SEARCH_MESSAGES.saved };
}

/** PATCH /saved-searches/{id}: a new name, or alerts paused or resumed. */
async function update(deps: Deps, actor: Actor, id: string, body: UpdateSavedSearchBody) {
  if (body.name === undefined && body.paused === undefined)
    throw badRequest(SAVED_SEARCH_MESSAGES.nothingToChange);
  await deps.changes.consume(actor.id, SAVED_SEARCH_MESSAGES.tooManyChanges);
  if (!(await repo.updateSearch(deps.db, actor.id, id, body))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  const message =
    body.paused === undefined
      ? SAVED_SEARCH_MESSAGES.renamed
      : body.paused
        ? SAVED_SEARCH_MESSAGES.paused
        : SAVED_SEARCH_MESSAGES.resumed;
  return { search: await ownSearch(deps, actor, id), message };
}

/** POST /saved-searches/{id}/open: what matched so far is no longer new. */
async function open(deps: Deps, actor: Actor, id: string) {
  if (!(await repo.markOpened(deps.db, actor.id, id))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return { search: await ownSearch(deps, actor, id), message: SAVED_SEARCH_MESSAGES.opened };
}

/** DELETE /saved-searches/{id}. */
async function remove(deps: Deps, actor: Actor, id: string) {
  await deps.changes.consume(actor.id, SAVED_SEARCH_MESSAGES.tooManyChanges);
  if (!(await repo.deleteSearch(deps.db, actor.id, id))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return { message: SAVED_SEARCH_MESSAGES.deleted };
}

/** Matches a post against every saved search of its kind, then alerts the savers it matched. */
async function match(deps: Deps, kind: SavedSearchKind, itemId: string) {
  const matches =
    kind === 'products' ? await repo.matchProduct(deps.db, itemId) : await repo.matchRequest(deps.db, itemId);
  // Those who chose the daily e-mail hear of their matches there (the hits are its record).
  const alerts = matches.filter((m) => !m.digest);
  if (alerts.length === 0) return;
  for (const notification of await deps.notices(kind, itemId, alerts))
    await deps.events?.emit({ type: 'notification.created', notification });
}

/**
 * A post was listed (new, or available again): it is matched after its answer has gone, so the
 * post is as fast with 10,000 saved searches as with none. Each post is matched once per process
 * that lists it, and each search alerts each post once (the hits' key).
 */
function listed(deps: Deps, kind: SavedSearchKind, itemId: string) {
  deps.background.later(() => match(deps, kind, itemId));
}

/** Waits for the matching in hand (the app's close, and tests). */
const settled = (deps: Deps) => deps.background.drain();

/**
 * Saved searches: a member says once what they look for in the marketplace (or, a day scholar, among
 * requests to deliver) and is told when a new post matches, at most once per search an hour.
 */
export function createSearchesService(
  ctx: Pick<AppContext, 'db' | 'log' | 'events' | 'limiter'>,
  ports: SearchesPorts,
) {
  const deps: Deps = {
    db: ctx.db,
    log: ctx.log,
    events: ctx.events,
    ...ports,
    changes: ctx.limiter('saved-search-changes', {
      points: SAVED_SEARCH_LIMITS.changesPerHour,
      duration: 3600,
    }),
    background: serialTasks(ctx.log, 'saved search matching failed'),
  };
  return bindUseCases(deps, { list, create, update, open, remove, listed, settled });
}
export type SearchesService = ReturnType<typeof createSearchesService>;
