import type { FastifyBaseLogger } from 'fastify';
import type {
  ChatMessage,
  DeliveryRequest,
  NotificationType,
  Offer,
  Product,
  Settlement,
  Trip,
} from '@campusrun/shared';

/** A party of a request, as named in notifications. */
interface EventUser {
  id: string;
  name: string;
}

interface RequestEventBase {
  requestId: string;
  number: number;
  itemName: string;
  requester: EventUser;
}

/**
 * Everything that happened which other parts of the server react to. Emitted by a feature's
 * service after its database write has committed.
 */
export type AppEvent =
  | (RequestEventBase & { type: 'request.accepted'; deliverer: EventUser })
  | (RequestEventBase & { type: 'request.completed'; deliverer: EventUser })
  /** The deliverer marked the accepted request picked up: its requester may confirm receipt now. */
  | (RequestEventBase & { type: 'request.picked_up'; deliverer: EventUser })
  /**
   * The deliverer of the picked-up request is on the way, arriving in about `minutes`; `updated`
   * when they had said so before (a new estimate).
   */
  | (RequestEventBase & {
      type: 'request.on_the_way';
      deliverer: EventUser;
      minutes: number;
      updated: boolean;
    })
  /** The requester cancelled; `deliverer` is whoever had accepted it, if anyone. */
  | (RequestEventBase & { type: 'request.cancelled'; deliverer: EventUser | null })
  /** The deliverer gave the delivery up; the request is pending again without a deliverer. */
  | (RequestEventBase & { type: 'request.delivery_cancelled'; deliverer: EventUser })
  /**
   * A chat message was stored, or sent again with the same clientId (`resent`: pushed again, never
   * notified twice). `origin` is an opaque id of the connection that sent it, so the realtime push
   * can skip the tab that already has it from its acknowledgement.
   */
  | {
      type: 'message.created';
      message: ChatMessage;
      sender: EventUser;
      origin?: string;
      resent?: true;
    }
  /** `readerId` opened the conversation and read everything `senderId` had sent them. */
  | { type: 'message.read'; readerId: string; senderId: string; readAt: string }
  /**
   * Tokens of the user are void, emitted once the change has committed: with `sessionId`, those of
   * that one session (signed out on that device, or ended from another); without, every token issued
   * so far (signed out everywhere, password changed or reset, suspended). The realtime gateway closes
   * the session's (or the user's) sockets and the session cache drops the user, on every process.
   */
  | { type: 'user.sessions_revoked'; userId: string; sessionId?: string }
  /**
   * The user's name, role or profile completion changed (committed). Whatever keeps a copy of the
   * signed-in user (the session cache of every process) drops it.
   */
  | { type: 'user.updated'; userId: string }
  /**
   * `blockerId` blocked `blockedId` (committed). The realtime gateway stops presence and typing
   * between the two at once, on every process.
   */
  | { type: 'users.blocked'; blockerId: string; blockedId: string }
  /** Something these users should hear of (a saved item's price dropped, an offer was made…). */
  | {
      type: 'users.noticed';
      userIds: string[];
      notice: {
        type: NotificationType;
        message: string;
        data: {
          productId?: string;
          senderId?: string;
          tripId?: string;
          requestId?: string;
          settlementId?: string;
          /** A moderator's notice of a new report: the report's id. */
          reportId?: string;
          /** A product matched the member's wanted post. */
          wantedPostId?: string;
          /** Lost and found: the post the notice opens. */
          lostFoundPostId?: string;
        };
      };
    }
  /** The member read one or all of their notifications (committed). */
  | { type: 'notifications.read'; userId: string }
  /** The seller marked a product sold to a named buyer (committed). */
  | { type: 'product.sold'; productId: string; sellerId: string; buyerId: string }
  /**
   * The payer of a settlement still open a day after it opened is reminded, once (claimed by one
   * process). Amount in rupees.
   */
  | {
      type: 'settlement.reminded';
      settlementId: string;
      payerId: string;
      payeeName: string;
      title: string;
      amount: number;
      requestId: string | null;
      productId: string | null;
    }
  /**
   * A notification row was stored, or an unread one refreshed (the same id: a newer chat message
   * from the same sender). The realtime gateway subscribes to this one to push the notification to
   * the `user:{userId}` room as the socket event `notification`.
   */
  | {
      type: 'notification.created';
      notification: {
        id: string;
        userId: string;
        type: NotificationType;
        message: string;
        data: {
          requestId?: string;
          senderId?: string;
          productId?: string;
          tripId?: string;
          settlementId?: string;
          /** A followed seller's new listings: whose. */
          sellerId?: string;
          /** New posts matched this saved search (of this kind). */
          savedSearchId?: string;
          searchKind?: 'products' | 'requests';
          wantedPostId?: string;
          lostFoundPostId?: string;
        };
        isRead: boolean;
        createdAt: string;
      };
    }
  /**
   * Entity changes for open screens, pushed by the realtime gateway (docs/decisions/0006). Each
   * carries what leaves the server already presented by the feature's presenter, per audience.
   */
  | EntityEvent;

export type EntityEvent =
  /** A request changed: `views` holds it as each of its parties (or former deliverer) may see it. */
  | { type: 'request.updated'; requestId: string; views: { userId: string; request: DeliveryRequest }[] }
  /**
   * A request is on the available list: the same for every day scholar but those in `except` (who
   * may not accept it: they gave it up too often).
   */
  | { type: 'request.available'; request: DeliveryRequest; except: string[] }
  /** A request left the available list; `except` (its parties) get request.updated instead. */
  | { type: 'request.unavailable'; requestId: string; except: string[] }
  /** A product changed: `forSeller` to the seller's sessions, `forOthers` to everyone watching it. */
  | { type: 'product.updated'; sellerId: string; forSeller: Product; forOthers: Product }
  | { type: 'product.removed'; productId: string; sellerId: string }
  /** A product was listed (nobody watches it yet; the shared pages change). */
  | { type: 'product.created'; productId: string; sellerId: string }
  /**
   * A product that lists may show was listed: the same for every member but those in `except` (its
   * seller, and whoever blocks them or is blocked by them).
   */
  | { type: 'product.available'; product: Product; except: string[] }
  /** An offer was made or its status changed: its buyer and the product's seller see the card change. */
  | { type: 'offer.updated'; offer: Offer; sellerId: string }
  /**
   * A moderator removed a user's product, request, message, lost and found post or claim (its owner
   * is told why); `name` is a claim's post's title.
   */
  | {
      type: 'listing.removed';
      ownerId: string;
      targetType: 'product' | 'request' | 'message' | 'lost_found_post' | 'lost_found_claim';
      name: string;
      reason: string;
    }
  /** A product or request left every list (held after reports, removed by a moderator). */
  | { type: 'listing.hidden'; targetType: 'product' | 'request'; targetId: string; ownerId: string }
  /**
   * A trip was posted: `forHostellers` and `forDayScholars` as any member of each role sees it; nobody
   * in `except` (its runner, and whoever blocks them or is blocked by them) hears of it.
   */
  | { type: 'trip.available'; forHostellers: Trip; forDayScholars: Trip; except: string[] }
  /** A trip changed (a request was added or taken off): `views` holds it as each party sees it. */
  | { type: 'trip.updated'; tripId: string; views: { userId: string; trip: Trip }[] }
  /** The runner cancelled a trip: every list drops it. */
  | { type: 'trip.removed'; tripId: string; runnerId: string }
  /**
   * A shared run was started, joined, left, accepted or cancelled (its requests' own changes are
   * told by request.updated). Open run screens refetch it: what each member may see of a run
   * depends on blocks and on their part in it, so nothing presented travels.
   */
  | { type: 'run.changed'; runId: string }
  /** `raterId` rated a member (`userId`): open screens that show their rating read it again. */
  | { type: 'rating.changed'; userId: string; raterId: string }
  /** A settlement opened or changed state: `views` holds it as each of its two parties sees it. */
  | { type: 'settlement.updated'; settlementId: string; views: { userId: string; settlement: Settlement }[] };
export type AppEventType = AppEvent['type'];

type EventHandler = (event: AppEvent) => void | Promise<void>;

export interface Events {
  /**
   * Runs every handler and waits for them; a failing handler is logged, never thrown to the emitter
   * (the change that caused the event has already happened).
   */
  emit(event: AppEvent): Promise<void>;
  /** Subscribes; answers the unsubscribe function. */
  on(handler: EventHandler): () => void;
}

/** A tiny typed in-process event hook, one per app. */
export function createEvents(log: Pick<FastifyBaseLogger, 'error'>): Events {
  const handlers = new Set<EventHandler>();
  return {
    async emit(event) {
      const results = await Promise.allSettled([...handlers].map(async (h) => h(event)));
      for (const r of results) {
        if (r.status === 'rejected') log.error({ err: r.reason, event: event.type }, 'event handler failed');
      }
    },
    on(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
