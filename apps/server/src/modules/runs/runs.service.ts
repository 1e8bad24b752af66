import {
  RUN_MESSAGES,
  tooManyActiveDeliveries,
  type CreateRunBody,
  type DeliveryRequest,
  type Role,
  type Run,
  type RunItemBody,
  type RunReason,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import { toPaise } from '../../lib/money';
import * as policy from './runs.policy';
import { presentRun } from './runs.presenter';
import * as repo from './runs.repo';

/** What runs need of the requests feature (handed in by the composition root). */
export interface RunsDeps {
  requests: {
    /** A fresh handover code: its hash and its sealed form. */
    drawHandover(): { hash: string; sealed: string };
    /** These requests as `viewer` sees them, in the order given. */
    presentMany(ids: string[], viewer: { id: string; role: Role | null }): Promise<DeliveryRequest[]>;
    /** The usual notices and live updates after requests changed in a group. */
    announce(ids: string[], change: 'accepted' | 'returned' | 'changed'): Promise<void>;
  };
}

type Refusal = RunReason | 'blocked';

/** The error of a refusal: 403 for a block, 409 for the rest. */
function refusalError(reason: Refusal, action: 'join' | 'leave' | 'accept', active = 0): AppError {
  switch (reason) {
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

type RunsContext = Pick<AppContext, 'db' | 'events' | 'config'>;

/** What every run method works with. */
interface Deps extends RunsDeps {
  db: AppContext['db'];
  config: AppContext['config'];
  /** Tells every member's open run screens that the run changed. */
  changed(runId: string): Promise<void>;
  /** The run as the actor sees it now (after their own change, which they may always see). */
  answer(actor: Actor, id: string): Promise<{ run: Run }>;
}

/** The rules' view of the actor, from what the repo found with the run's row held. */
const partOf = (actor: Actor) => (part: { requestId: string | null; blocked: boolean }) => ({
  id: actor.id,
  role: actor.role,
  joined: part.requestId !== null,
  blocked: part.blocked,
});

/**
 * The run with the requests the viewer may see in it: a participant their own, its deliverer every
 * one, and before it is accepted every day scholar who may accept it every one. Undefined when the
 * viewer may not see the run at all.
 */
async function visible(
  { db, requests }: Pick<Deps, 'db' | 'requests'>,
  actor: Actor,
  row: repo.RunRow | undefined,
  now: Date,
) {
  if (!row) return undefined;
  const viewer = viewerOf(actor);
  const openToAll = row.status === 'open' && !row.starterHidden;
  if (actor.role === 'hosteller') {
    if (row.viewerTookPart) {
      const own = await repo.requestIdsOfRequester(db, row.id, actor.id);
      return presentRun(row, viewer, now, await requests.presentMany(own, viewer));
    }
    return openToAll ? presentRun(row, viewer, now) : undefined;
  }
  if (actor.role === 'dayscholar') {
    const mine = row.delivererId === actor.id;
    if (!mine && !(openToAll && row.deadline.getTime() > now.getTime())) return undefined;
    const ids = await repo.requestIdsOf(db, row.id, { liveOnly: !mine });
    return presentRun(row, viewer, now, await requests.presentMany(ids, viewer));
  }
  return undefined;
}

/** The hostellers' side: starting, joining and leaving. */
function hostellerMethods({ db, requests, changed, answer }: Deps) {
  return {
    async create(actor: Actor, body: CreateRunBody) {
      const { runId, requestId } = await repo.insertRun(db, {
        starterId: actor.id,
        pickupFrom: body.pickupFrom,
        cutoffAt: body.cutoffAt,
        deadline: body.deadline,
        totalFee: toPaise(body.totalFee),
        item: itemOf(body.item),
      });
      await requests.announce([requestId], 'changed');
      await changed(runId);
      return answer(actor, runId);
    },

    async join(actor: Actor, id: string, item: RunItemBody) {
      const viewer = partOf(actor);
      const result = await repo.joinRun(db, id, actor.id, itemOf(item), (run, part) =>
        policy.joinRefusal(viewer(part), run, new Date()),
      );
      if (result.missing) throw notFound(RUN_MESSAGES.notFound);
      if (result.refused) throw refusalError(result.refused, 'join');
      await requests.announce([result.requestId, ...result.changed], 'changed');
      await changed(id);
      return answer(actor, id);
    },

    async leave(actor: Actor, id: string) {
      const viewer = partOf(actor);
      const result = await repo.leaveRun(db, id, actor.id, (run, part) =>
        policy.leaveRefusal(viewer(part), run, new Date()),
      );
      if (result.missing) throw notFound(RUN_MESSAGES.notFound);
      if (result.refused) throw refusalError(result.refused, 'leave');
      await requests.announce([result.requestId, ...result.changed], 'changed');
      await changed(id);
      return answer(actor, id);
    },

    /**
     * One of a run's requests was cancelled by its requester (the requests feature's own cancel):
     * the fee is shared out again among those left while the run is open, and a run with nobody
     * left is cancelled.
     */
    async requestCancelled(requestId: string) {
      const runId = await repo.runIdOfRequest(db, requestId);
      if (!runId) return;
      const result = await repo.afterRequestCancelled(db, runId);
      await requests.announce(result.changed, 'changed');
      await changed(runId);
    },
  };
}

/** The day scholars' side: accepting a whole run. */
function delivererMethods({ db, config, requests, changed, answer }: Deps) {
  return {
    async accept(actor: Actor, id: string) {
      const viewer = partOf(actor);
      let active = 0;
      const result = await repo.acceptRun<Refusal>(db, id, actor.id, {
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
      await changed(id);
      return answer(actor, id);
    },

    /**
     * The deliverer gave one request of an accepted run up (the requests feature's own give-up): it
     * leaves the run and is open to every day scholar on its own, with its share as its fee.
     */
    async deliveryGivenUp(requestId: string) {
      const runId = await repo.detachReturnedRequest(db, requestId);
      if (!runId) return;
      await requests.announce([requestId], 'changed');
      await changed(runId);
    },
  };
}

/**
 * Shared runs: a hosteller starts one with their own item, others join with theirs until the
 * cutoff, the fee is split equally between their requests, and a day scholar accepts them all at
 * once. After each change has committed, the requests' parties and every member's open run screens
 * are told.
 */
export function createRunsService(ctx: RunsContext, runsDeps: RunsDeps) {
  const { db, events, config } = ctx;
  const { requests } = runsDeps;
  async function answer(actor: Actor, id: string) {
    const run = await visible({ db, requests }, actor, await repo.findRun(db, id, actor.id), new Date());
    if (!run) throw notFound(RUN_MESSAGES.notFound);
    return { run };
  }
  const deps: Deps = {
    db,
    config,
    requests,
    changed: (runId) => events.emit({ type: 'run.changed', runId }),
    answer,
  };

  return {
    async list(actor: Actor) {
      const rows =
        actor.role === 'dayscholar'
          ? await repo.listForDayScholar(db, actor.id)
          : await repo.listForHosteller(db, actor.id);
      const now = new Date();
      return { runs: rows.map((row) => presentRun(row, viewerOf(actor), now)) };
    },
    get: answer,
    ...hostellerMethods(deps),
    ...delivererMethods(deps),
  };
}
export type RunsService = ReturnType<typeof createRunsService>;
