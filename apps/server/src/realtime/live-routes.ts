import type { ServerToClientEvents } from '@campusrun/shared';
import type { AppEvent, AppEventType, EntityEvent } from '../lib/events';
import { DAY_SCHOLARS_ROOM, MEMBERS_ROOM, productRoom, room, seesRoom } from './rooms';

type Rooms = string | string[];
type ServerEvent = keyof ServerToClientEvents;

/** One socket event, typed by socket-events.ts, to the sockets in `to` but not in `except`. */
type Push = {
  [E in ServerEvent]: {
    to: Rooms;
    except?: Rooms;
    event: E;
    payload: Parameters<ServerToClientEvents[E]>[0];
  };
}[ServerEvent];

/** What the gateway does for an app event: pushes, and sockets it takes out of a room. */
export type Delivery =
  | Push
  /** The sockets in `sockets` leave `room`. */
  | { leave: { sockets: string; room: string } };

/** Who hears of one kind of event, and what each receives. */
type Route<T extends AppEventType> = (event: Extract<AppEvent, { type: T }>) => Delivery[];

const push = <E extends ServerEvent>(
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
  to: Rooms,
  except?: Rooms,
) => ({ event, payload, to, ...(except !== undefined && { except }) }) as Push;
const nobody = (): Delivery[] => [];

/**
 * Entity changes for open screens (docs/decisions/0006-entity-events.md). Each event carries what
 * leaves the server already presented by its feature's presenter, per audience; this says which
 * rooms hear which presentation. A new entity event fails the type check until it has a row.
 */
const ENTITY_ROUTES = {
  // Each party (and a former deliverer) sees the request as presented for them.
  'request.updated': (e) =>
    e.views.map(({ userId, request }) => push('request:updated', { request }, room(userId))),
  'request.available': (e) => [
    push('request:available', { request: e.request }, DAY_SCHOLARS_ROOM, e.except.map(room)),
  ],
  'request.unavailable': (e) => [
    push('request:unavailable', { id: e.requestId }, DAY_SCHOLARS_ROOM, e.except.map(room)),
  ],
  'product.created': nobody,
  // A new listing: every member but the seller and those blocked with them.
  'product.available': (e) => [
    push('product:available', { product: e.product }, MEMBERS_ROOM, e.except.map(room)),
  ],
  // Watchers get the public presentation; the seller's own sessions get theirs.
  'product.updated': (e) => [
    push('product:updated', { product: e.forOthers }, productRoom(e.forOthers.id), room(e.sellerId)),
    push('product:updated', { product: e.forSeller }, room(e.sellerId)),
  ],
  'product.removed': (e) => [
    push('product:removed', { id: e.productId }, [productRoom(e.productId), room(e.sellerId)]),
  ],
  'offer.updated': (e) => [
    push('offer:updated', { offer: e.offer }, [room(e.offer.buyer.id), room(e.sellerId)]),
  ],
  // Its owner is told by a notification.
  'listing.removed': nobody,
  // Open lists drop it; its owner's own screens keep it.
  'listing.hidden': (e) => [
    e.targetType === 'request'
      ? push('request:unavailable', { id: e.targetId }, DAY_SCHOLARS_ROOM, room(e.ownerId))
      : push('product:removed', { id: e.targetId }, productRoom(e.targetId), room(e.ownerId)),
  ],
  // A new trip: hostellers (every member but the day scholars) and day scholars each get their
  // presentation; never its runner or those blocked with them.
  'trip.available': (e) => [
    push('trip:available', { trip: e.forHostellers }, MEMBERS_ROOM, [
      DAY_SCHOLARS_ROOM,
      ...e.except.map(room),
    ]),
    push('trip:available', { trip: e.forDayScholars }, DAY_SCHOLARS_ROOM, e.except.map(room)),
  ],
  'trip.updated': (e) => e.views.map(({ userId, trip }) => push('trip:updated', { trip }, room(userId))),
  'trip.removed': (e) => [push('trip:removed', { id: e.tripId }, [MEMBERS_ROOM, room(e.runnerId)])],
  // Every member's open run screens refetch what they may see of it.
  'run.changed': (e) => [push('run:changed', { id: e.runId }, MEMBERS_ROOM)],
  // Any member's screen may show the rated member's stars: the open ones read them again.
  'rating.changed': (e) => [push('rating:changed', { userId: e.userId }, MEMBERS_ROOM)],
  // Each party sees the settlement as presented for them (what each may do differs).
  'settlement.updated': (e) =>
    e.views.map(({ userId, settlement }) => push('settlement:updated', { settlement }, room(userId))),
} satisfies { [T in EntityEvent['type']]: Route<T> };

/**
 * After a block neither of the two sees the other's presence or typing, on any process, from now:
 * their sockets forget each other, and each is shown the other offline and not typing.
 */
const separate = (a: string, b: string): Delivery[] =>
  [
    [a, b],
    [b, a],
  ].flatMap(([user, other]) => [
    { leave: { sockets: room(user!), room: seesRoom(other!) } },
    push('typing:stop', { senderId: other!, receiverId: user! }, room(user!)),
    push('user:offline', other!, room(user!)),
  ]);

/** Every app event, and what the sockets hear of it (the type check fails on an event with no row). */
const LIVE_ROUTES = {
  ...ENTITY_ROUTES,
  // The sending tab already has it from its acknowledgement.
  'message.created': ({ message, origin }) => [
    push('message:new', message, [room(message.receiverId), room(message.senderId)], origin),
  ],
  'message.read': ({ readerId, senderId, readAt }) => [
    push('message:read', { readerId, senderId, readAt }, room(senderId)),
  ],
  'notification.created': ({ notification: { userId, ...notification } }) => [
    push('notification', notification, room(userId)),
  ],
  // Every process closes the ended session's sockets, or all the user's, on hearing of it on the
  // change channel (sessions.ts); clients reconnect with their current token (the device that
  // changed the password has a new one; others are refused).
  'user.sessions_revoked': nobody,
  'users.blocked': (e) => separate(e.blockerId, e.blockedId),
  // Told through the notification they leave, or not at all.
  'request.accepted': nobody,
  'request.completed': nobody,
  'request.picked_up': nobody,
  'request.on_the_way': nobody,
  'request.cancelled': nobody,
  'request.delivery_cancelled': nobody,
  'users.noticed': nobody,
  'user.updated': nobody,
  // The member's other tabs read their notifications again when they next open them.
  'notifications.read': nobody,
  // The product's own product.updated tells open screens; the settlement tells its parties.
  'product.sold': nobody,
  'settlement.reminded': nobody,
} satisfies { [T in AppEventType]: Route<T> };

/** What the sockets hear of `event`. */
export const deliveriesOf = (event: AppEvent): Delivery[] =>
  (LIVE_ROUTES[event.type] as (event: AppEvent) => Delivery[])(event);
