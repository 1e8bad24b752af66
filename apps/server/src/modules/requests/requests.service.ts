import type {
  AvailableRequestsQuery,
  CreateRequestBody,
  DeliveryStatusFilter,
  MyDeliveriesQuery,
  MyRequestsQuery,
  RequestStatus,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { decodeCursor, isUuid, pageOf } from '../../lib/cursor';
import { conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import type { AppEvent } from '../../lib/events';
import { toPaise } from '../../lib/money';
import * as policy from './requests.policy';
import { presentRequest } from './requests.presenter';
import * as repo from './requests.repo';

export const REQUEST_ERRORS = {
  notFound: 'Request not found',
  ownRequest: 'You cannot accept your own request',
  notRequester: 'Only the hosteller who posted this request can cancel it',
  notDelivererComplete: 'Only the assigned deliverer can complete this request',
  notDelivererCancel: 'Only the assigned deliverer can cancel this delivery',
  alreadyYours: 'You have already accepted this request',
  taken: 'This request has already been accepted by another day scholar',
  expired: 'The deadline for this request has passed',
  completed: 'This request has already been completed',
  cancelled: 'This request has been cancelled',
  notAccepted: 'This request has not been accepted yet',
  changed: 'This request was just changed by someone else. Please refresh and try again.',
} as const;

/** The 409 of a day scholar who already holds as many active deliveries as allowed. */
export const tooManyActiveDeliveries = (active: number) =>
  `You already have ${active} active ${active === 1 ? 'delivery' : 'deliveries'}. Complete one before accepting another.`;

type Action = 'accept' | 'deliver' | 'cancel' | 'cancelDelivery';

function refusalError(
  reason: policy.RequestRefusal | null,
  action: Action,
  load?: policy.DeliveryLoad,
): AppError {
  switch (reason) {
    case 'tooManyActive':
      return conflict(tooManyActiveDeliveries(load?.active ?? 0));
    case 'ownRequest':
      return forbidden(REQUEST_ERRORS.ownRequest);
    case 'notRequester':
      return forbidden(REQUEST_ERRORS.notRequester);
    case 'notDeliverer':
      return forbidden(
        action === 'deliver' ? REQUEST_ERRORS.notDelivererComplete : REQUEST_ERRORS.notDelivererCancel,
      );
    case null:
      return conflict(REQUEST_ERRORS.changed);
    default:
      return conflict(REQUEST_ERRORS[reason]);
  }
}

const DELIVERY_STATUSES: Record<DeliveryStatusFilter, RequestStatus[] | undefined> = {
  all: undefined,
  active: ['pending', 'accepted'],
  completed: ['completed'],
  cancelled: ['cancelled'],
};

/** Plain words of a search, each matched as a word prefix ("para" finds "Paracetamol"). */
export function toTsQuery(search: string | undefined): string | undefined {
  const words = search
    ?.toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8);
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Delivery requests: posting, browsing, and the four transitions (ARCHITECTURE §5). */
export function createRequestsService(ctx: AppContext) {
  const { db, events } = ctx;

  const page = (q: { limit: number; cursor?: string }) => ({
    limit: q.limit,
    cursorId: decodeCursor(q.cursor),
  });
  const presentPage = (rows: repo.RequestRow[], limit: number, viewerId: string) => {
    const { items, nextCursor } = pageOf(rows, limit);
    return { items: items.map((r) => presentRequest(r, viewerId)), nextCursor };
  };

  /** After a refused UPDATE: 404, or the policy's reason for this actor. */
  async function explainRefusal(
    id: string,
    action: Action,
    reason: (state: repo.RequestState) => policy.RequestRefusal | null,
    load?: policy.DeliveryLoad,
  ): Promise<AppError> {
    const state = await repo.findRequestState(db, id);
    if (!state) return notFound(REQUEST_ERRORS.notFound);
    return refusalError(reason(state), action, load);
  }

  const eventBase = (row: repo.RequestRow) => ({
    requestId: row.id,
    number: row.number,
    itemName: row.itemName,
    requester: { id: row.requesterId, name: row.requesterName },
  });
  const delivererOf = (row: repo.RequestRow) =>
    row.delivererId ? { id: row.delivererId, name: row.delivererName ?? '' } : null;

  /** Answers the request as the actor sees it, after telling the rest of the server. */
  async function done(row: repo.RequestRow, actor: Actor, event: AppEvent | null) {
    if (event) await events.emit(event);
    return { request: presentRequest(row, actor.id) };
  }

  return {
    async create(actor: Actor, body: CreateRequestBody) {
      const id = await repo.insertRequest(db, {
        requesterId: actor.id,
        itemName: body.itemName,
        description: body.description,
        quantity: body.quantity,
        expectedPrice: toPaise(body.expectedPrice),
        deadline: body.deadline,
        deliveryLocation: body.deliveryLocation,
        isUrgent: body.isUrgent,
        category: body.category,
      });
      const row = await repo.findRequest(db, id, actor.id);
      return { request: presentRequest(row!, actor.id) };
    },

    /**
     * An open request to any signed-in user, a closed one to its two parties only (to anyone else it
     * does not exist); contact details follow the policy.
     */
    async get(actor: Actor, id: string) {
      const row = isUuid(id) ? await repo.findRequest(db, id, actor.id) : undefined;
      if (!row || !policy.canView(actor.id, row)) throw notFound(REQUEST_ERRORS.notFound);
      return { request: presentRequest(row, actor.id) };
    },

    async myRequests(actor: Actor, q: MyRequestsQuery) {
      const statuses = q.status === 'all' ? undefined : [q.status];
      const rows = await repo.listByRequester(db, actor.id, statuses, page(q));
      const { items, nextCursor } = presentPage(rows, q.limit, actor.id);
      return { requests: items, nextCursor };
    },

    async recentRequests(actor: Actor, limit: number) {
      const rows = await repo.listByRequester(db, actor.id, undefined, { limit });
      return { requests: rows.slice(0, limit).map((r) => presentRequest(r, actor.id)) };
    },

    async myDeliveries(actor: Actor, q: MyDeliveriesQuery) {
      const rows = await repo.listByDeliverer(db, actor.id, DELIVERY_STATUSES[q.status], page(q));
      const { items, nextCursor } = presentPage(rows, q.limit, actor.id);
      return { deliveries: items, nextCursor };
    },

    async available(actor: Actor, q: AvailableRequestsQuery) {
      const rows = await repo.listAvailable(
        db,
        actor.id,
        {
          tsQuery: toTsQuery(q.search),
          locationPattern: q.location ? likePattern(q.location) : undefined,
          minFee: q.minFee === undefined ? undefined : toPaise(q.minFee),
          maxFee: q.maxFee === undefined ? undefined : toPaise(q.maxFee),
          sort: q.sort,
        },
        page(q),
      );
      const { items, nextCursor } = presentPage(rows, q.limit, actor.id);
      return { requests: items, nextCursor };
    },

    async accept(actor: Actor, id: string) {
      if (!isUuid(id)) throw notFound(REQUEST_ERRORS.notFound);
      const max = ctx.config.maxActiveDeliveries;
      const row = await repo.markAccepted(db, id, actor.id, max);
      if (!row) {
        const load = { active: await repo.countActiveDeliveries(db, actor.id), max };
        throw await explainRefusal(
          id,
          'accept',
          (s) => policy.acceptRefusal(actor.id, s, new Date(), load),
          load,
        );
      }
      return done(row, actor, { type: 'request.accepted', ...eventBase(row), deliverer: delivererOf(row)! });
    },

    async deliver(actor: Actor, id: string, deliveryNotes: string | undefined) {
      if (!isUuid(id)) throw notFound(REQUEST_ERRORS.notFound);
      const row = await repo.markCompleted(db, id, actor.id, deliveryNotes ?? null);
      if (!row) throw await explainRefusal(id, 'deliver', (s) => policy.deliverRefusal(actor.id, s));
      return done(row, actor, { type: 'request.completed', ...eventBase(row), deliverer: delivererOf(row)! });
    },

    async cancel(actor: Actor, id: string) {
      if (!isUuid(id)) throw notFound(REQUEST_ERRORS.notFound);
      const row = await repo.markCancelled(db, id, actor.id);
      if (!row) throw await explainRefusal(id, 'cancel', (s) => policy.cancelRefusal(actor.id, s));
      return done(row, actor, { type: 'request.cancelled', ...eventBase(row), deliverer: delivererOf(row) });
    },

    async cancelDelivery(actor: Actor, id: string) {
      if (!isUuid(id)) throw notFound(REQUEST_ERRORS.notFound);
      const result = await repo.markDeliveryCancelled(db, id, actor.id);
      if (!result)
        throw await explainRefusal(id, 'cancelDelivery', (s) => policy.cancelDeliveryRefusal(actor.id, s));
      const { row, formerDelivererName } = result;
      return done(row, actor, {
        type: 'request.delivery_cancelled',
        ...eventBase(row),
        deliverer: { id: actor.id, name: formerDelivererName },
      });
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
