import {
  RUN_LIMITS,
  RUN_MESSAGES,
  tooManyActiveDeliveries,
  type CreateRunBody,
  type DeliveryRequest,
  type Role,
  type RunItemBody,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import { pageOf } from '../../lib/lists';
import { toPaise } from '../../lib/money';
import type { Limiter } from '../../lib/rate-limit';
import * as policy from './runs.policy';
import { presentRun, runState, runViewer } from './runs.presenter';
import * as repo from './runs.repo';
import { bindUseCases } from '../../lib/use-cases';

/** What runs need of the requests feature (handed in by the composition root). */
export interface RunsPorts {
  /** Writes to requests made inside a run's transaction. */
  requestWrites: repo.RunRequestWrites;
  requests: {
    /** A fresh handover code: its hash and its sealed form. */
    drawHandover(): repo.HandoverCode;
    /** These requests as `viewer` sees them, in the order given. */
    presentMany(ids: string[], viewer: { id: string; role: Role | null }): Promise<DeliveryRequest[]>;
    /** The usual notices and live updates after requests changed in a group. */
    announce(ids: string[], change: 'accepted' | 'returned' | 'changed'): Promise<void>;
  };
}

type Refusal = policy.RunRefusal;

/**
 * The error of a refusal: 404 for a run hidden from the actor (as for one that does not exist), 403
 * for a block, 409 for the rest.
 */
function refusalError(reason: Refusal, action: 'join' | 'leave' | 'accept', active = 0): AppError {
  switch (reason) {
    case 'hidden':
      return notFound(RUN_MESSAGES.notFound);
    case 'blocked':
      return forbidden(action === 'accept' ? RUN_MESSAGES.blocked : RUN_MESSAGES.cannotJoin);
    case 'tooManyActive':
      return conflict(tooManyActiveDeliveries(active), reason);
    default:
      return conflict(RUN_MESSAGES[reason], reason);
  }
}

const viewerOf = (actor: Actor) => ({ id: actor.id, role: actor.role });

/** The item of a body as the requests table keeps it (money in paise). */
const itemOf = (item: RunItemBody): repo.RunItem => ({
  itemName: item.itemName,
  quantity: item.quantity,
  itemCost: item.itemCost === undefined ? null : toPaise(item.itemCost),
  description: item.description,
  deliveryLocation: item.deliveryLocation,
  category: item.category,
});

type Context = Pick<AppContext, 'db' | 'events' | 'config' | 'limiter'>;

/** What every run use case works with. */
interface Deps extends Pick<AppContext, 'db' | 'events' | 'config'>, RunsPorts {
  /** Per account: runs started, and joins and leaves together. */
  limits: { starts: Limiter; joins: Limiter };
}

/** The rules' view of the actor, from what the repo found with the run's row held. */
const partOf =
  (actor: Actor) =>
  (part: repo.ViewerPart): policy.RunViewer => ({
    id: actor.id,
    role: actor.role,
    joined: part.requestId !== null,
    blocked: part.blocked,
    starterHidden: part.starterHidden,
  });

/**
 * The run with the requests the viewer may see in it: a participant their own, its deliverer every
 * one, and before it is accepted every day scholar who may accept it every one. Undefined when the
 * viewer may not see the run at all: it is hidden from them (policy.hiddenFrom, the rule every path
 * uses), or it is past what an outsider sees (a hosteller who never took part sees it while open, a
 * day scholar while open and before its deadline). Right after their own change (a participant
 * who just left a run its starter is now hidden from) the actor is answered what they changed.
 */
async function visible(
  { db, requests }: Pick<Deps, 'db' | 'requests'>,
  actor: Actor,
  row: repo.RunRow | undefined,
  now: Date,
  ownChange: boolean,
) {
  if (!row) return undefined;
  const viewer = viewerOf(actor);
  if (!ownChange && policy.hiddenFrom(runViewer(viewer, row), runState(row))) return undefined;
  const open = row.status === 'open';
  if (actor.role === 'hosteller') {
    if (row.viewerTookPart) {
      const own = await repo.requestIdsOfRequester(db, row.id, actor.id);
      return presentRun(row, viewer, now, await requests.presentMany(own, viewer));
    }
    return open ? presentRun(row, viewer, now) : undefined;
  }
  if (actor.role === 'dayscholar') {
    const mine = row.delivererId === actor.id;
    if (!mine && !(open && row.deadline.getTime() > now.getTime())) return undefined;
    const ids = await repo.requestIdsOf(db, row.id, { liveOnly: !mine });
    return presentRun(row, viewer, now, await requests.presentMany(ids, viewer));
  }
  return undefined;
}

/** The run as the actor sees it, or 404; `ownChange`: right after their own change (see `visible`). */
async function shown(deps: Deps, actor: Actor, id: string, ownChange: boolean) {
  const row = await repo.findRun(deps.db, id, actor.id);
  const run = await visible(deps, actor, row, new Date(), ownChange);
  if (!run) throw notFound(RUN_MESSAGES.notFound);
  return { run };
}

/** Tells every member's open run screens that the run changed. */
const changed = ({ events }: Deps, runId: string) => events.emit({ type: 'run.changed', runId });

/** The run as the actor sees it now (after their own change, which they may always see). */
const answer = (deps: Deps, actor: Actor, id: string) => shown(deps, actor, id, true);

/** One page of the actor's list (a cursor of another list is a 400). */
async function list({ db }: Deps, actor: Actor, page: repo.Page) {
  const rows =
    actor.role === 'dayscholar'
      ? await repo.listForDayScholar(db, actor.id, page)
      : await repo.listForHosteller(db, actor.id, page);
  const { items, nextCursor } = pageOf(rows, page.limit, (row) => row.cursor!);
  const now = new Date();
  return { runs: items.map((row) => presentRun(row, viewerOf(actor), now)), nextCursor };
}

const get = (deps: Deps, actor: Actor, id: string) => shown(deps, actor, id, false);

// The hostellers' side: starting, joining and leaving.

/**
 * A hosteller starts a run with their own item. At most RUN_LIMITS.openPerStarter runs open to
 * joining per starter (409 `tooManyOpen`).
 */
async function create(deps: Deps, actor: Actor, body: CreateRunBody) {
  await deps.limits.starts.consume(actor.id, RUN_MESSAGES.tooManyStarts);
  const started = await repo.insertRun(
    deps.db,
    deps.requestWrites,
    {
      starterId: actor.id,
      pickupFrom: body.pickupFrom,
      cutoffAt: body.cutoffAt,
      deadline: body.deadline,
      totalFee: toPaise(body.totalFee),
      item: itemOf(body.item),
    },
    RUN_LIMITS.openPerStarter,
  );
  if (!started) throw conflict(RUN_MESSAGES.tooManyOpen, 'tooManyOpen');
  const { runId, requestId } = started;
  await deps.requests.announce([requestId], 'changed');
  await changed(deps, runId);
  return answer(deps, actor, runId);
}

/** A hosteller joins a run with their item. */
async function join(deps: Deps, actor: Actor, id: string, item: RunItemBody) {
  await deps.limits.joins.consume(actor.id, RUN_MESSAGES.tooManyJoins);
  const viewer = partOf(actor);
  const result = await repo.joinRun(deps.db, deps.requestWrites, id, actor.id, itemOf(item), (run, part) =>
    policy.joinRefusal(viewer(part), run, new Date()),
  );
  if (result.missing) throw notFound(RUN_MESSAGES.notFound);
  if (result.refused) throw refusalError(result.refused, 'join');
  await deps.requests.announce([result.requestId, ...result.changed], 'changed');
  await changed(deps, id);
  return answer(deps, actor, id);
}

/** A hosteller leaves a run they joined. */
async function leave(deps: Deps, actor: Actor, id: string) {
  await deps.limits.joins.consume(actor.id, RUN_MESSAGES.tooManyJoins);
  const viewer = partOf(actor);
  const result = await repo.leaveRun(deps.db, deps.requestWrites, id, actor.id, (run, part) =>
    policy.leaveRefusal(viewer(part), run, new Date()),
  );
  if (result.missing) throw notFound(RUN_MESSAGES.notFound);
  if (result.refused) throw refusalError(result.refused, 'leave');
  await deps.requests.announce([result.requestId, ...result.changed], 'changed');
  await changed(deps, id);
  return answer(deps, actor, id);
}

/**
 * One of a run's requests was cancelled by its requester (the requests feature's own cancel):
 * the fee is shared out again among those left while the run is open, and a run with nobody
 * left is cancelled.
 */
async function requestCancelled(deps: Deps, requestId: string) {
  const runId = await repo.runIdOfRequest(deps.db, requestId);
  if (!runId) return;
  const result = await repo.afterRequestCancelled(deps.db, deps.requestWrites, runId);
  await deps.requests.announce(result.changed, 'changed');
  await changed(deps, runId);
}

// The day scholars' side: accepting a whole run.

async function accept(deps: Deps, actor: Actor, id: string) {
  const { config, requests } = deps;
  const viewer = partOf(actor);
  let active = 0;
  const result = await repo.acceptRun<Refusal>(deps.db, deps.requestWrites, id, actor.id, {
    decide: (run, part) => policy.acceptRefusal(viewer(part), run, new Date()),
    loadRefusal: (n) => {
      active = n;
      return n >= config.maxActiveDeliveries ? 'tooManyActive' : null;
    },
    empty: 'notOpen',
    draw: () => requests.drawHandover(),
  });
  if (result.missing) throw notFound(RUN_MESSAGES.notFound);
  if (result.refused) throw refusalError(result.refused, 'accept', active);
  await requests.announce(result.requestIds, 'accepted');
  await changed(deps, id);
  return answer(deps, actor, id);
}

/**
 * The deliverer gave one request of an accepted run up (the requests feature's own give-up): it
 * leaves the run and is open to every day scholar on its own, with its share as its fee.
 */
async function deliveryGivenUp(deps: Deps, requestId: string) {
  const runId = await repo.detachReturnedRequest(deps.db, deps.requestWrites, requestId);
  if (!runId) return;
  await deps.requests.announce([requestId], 'changed');
  await changed(deps, runId);
}

/**
 * Shared runs: a hosteller starts one with their own item, others join with theirs until the
 * cutoff, the fee is split equally between their requests, and a day scholar accepts them all at
 * once. After each change has committed, the requests' parties and every member's open run screens
 * are told.
 */
export function createRunsService(ctx: Context, ports: RunsPorts) {
  const { db, events, config } = ctx;
  const deps: Deps = {
    db,
    events,
    config,
    ...ports,
    limits: {
      starts: ctx.limiter('run-starts', { points: RUN_LIMITS.startsPerHour, duration: 3600 }),
      joins: ctx.limiter('run-joins', { points: RUN_LIMITS.joinsPerHour, duration: 3600 }),
    },
  };
  return bindUseCases(deps, {
    list,
    get,
    create,
    join,
    leave,
    requestCancelled,
    accept,
    deliveryGivenUp,
  });
}
export type RunsService = ReturnType<typeof createRunsService>;
