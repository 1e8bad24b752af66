import {
  type ChatMessage,
  CHAT_NOTICES,
  FOLLOW_NOTICES,
  REQUEST_NOTICES,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_NOTICES,
  SETTLEMENT_NOTICES,
  removedNotice,
} from '@campusrun/shared';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import type { AppEvent, AppEventType } from '../../lib/events';
import { formatRupees } from '../../lib/money';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repo';

type Notices<T extends AppEventType> = (event: Extract<AppEvent, { type: T }>) => repo.NewNotification[];
const none = (): repo.NewNotification[] => [];

/**
 * The notifications each domain event leaves (none, one, or one per user told). Every event has a
 * row: a new one fails the type check until it says whom it tells.
 */
const NOTIFICATIONS = {
  'request.accepted': (e) => [
    {
      userId: e.requester.id,
      type: 'request_accepted',
      message: REQUEST_NOTICES.accepted(e.deliverer.name, e.itemName),
      data: { requestId: e.requestId },
    },
  ],
  'request.completed': (e) => [
    {
      userId: e.requester.id,
      type: 'request_completed',
      message: REQUEST_NOTICES.delivered(e.deliverer.name, e.itemName),
      data: { requestId: e.requestId },
    },
  ],
  'request.picked_up': (e) => [
    {
      userId: e.requester.id,
      type: 'delivery',
      message: REQUEST_NOTICES.pickedUp(e.deliverer.name, e.itemName),
      data: { requestId: e.requestId },
    },
  ],
  'request.on_the_way': (e) => [
    {
      userId: e.requester.id,
      type: 'delivery',
      message: (e.updated ? REQUEST_NOTICES.etaUpdated : REQUEST_NOTICES.onTheWay)(
        e.deliverer.name,
        e.itemName,
        e.minutes,
      ),
      data: { requestId: e.requestId },
    },
  ],
  // Only a deliverer who had accepted it is told.
  'request.cancelled': (e) =>
    e.deliverer
      ? [
          {
            userId: e.deliverer.id,
            type: 'request_cancelled',
            message: REQUEST_NOTICES.cancelled(e.requester.name, e.itemName),
            data: { requestId: e.requestId },
          },
        ]
      : [],
  'request.delivery_cancelled': (e) => [
    {
      userId: e.requester.id,
      type: 'delivery',
      message: REQUEST_NOTICES.deliveryCancelled(e.deliverer.name, e.itemName),
      data: { requestId: e.requestId },
    },
  ],
  // Written with the message, in its transaction (saveMessageNotifications, below).
  'message.created': none,
  'listing.removed': (e) => [
    {
      userId: e.ownerId,
      type: 'moderation',
      message: removedNotice(e.targetType, e.name, e.reason),
      data: {},
    },
  ],
  'users.noticed': (e) => e.userIds.map((userId) => ({ userId, ...e.notice, data: { ...e.notice.data } })),
  'settlement.reminded': (e) => [
    {
      userId: e.payerId,
      type: 'settlement',
      message: SETTLEMENT_NOTICES.payerReminder(e.payeeName, formatRupees(e.amount), e.title),
      data: {
        ...(e.requestId && { requestId: e.requestId }),
        ...(e.productId && { productId: e.productId }),
        settlementId: e.settlementId,
      },
    },
  ],
  'message.read': none,
  'user.sessions_revoked': none,
  'user.updated': none,
  'users.blocked': none,
  'notification.created': none,
  'notifications.read': none,
  'request.updated': none,
  'request.available': none,
  'request.unavailable': none,
  'product.updated': none,
  'product.removed': none,
  'product.available': none,
  // Its seller's followers are told by saveListingNotices (grouped per follower), below.
  'product.created': none,
  'offer.updated': none,
  'listing.hidden': none,
  // Trips tell whom they concern through users.noticed (type 'trip').
  'trip.available': none,
  'trip.updated': none,
  'trip.removed': none,
  // A run's participants hear of its acceptance through request.accepted, one per request.
  'run.changed': none,
  // The rated member is told by the rating's own notice.
  'rating.changed': none,
  // Settlements tell their parties through users.noticed (types 'settlement' and 'dispute').
  'product.sold': none,
  'settlement.updated': none,
} satisfies { [T in AppEventType]: Notices<T> };

/** The notifications a domain event leaves. */
export const notificationsFor = (event: AppEvent): repo.NewNotification[] =>
  (NOTIFICATIONS[event.type] as (event: AppEvent) => repo.NewNotification[])(event);

/**
 * A grouped notice's text ("Asha listed 3 new items") as the words before and after its count, which
 * the database writes in as it groups. A mark stands for the count (a name never holds NUL).
 */
function aroundCount(text: (count: string) => string) {
  const mark = '\u0000';
  const [before = '', after = ''] = text(mark).split(mark);
  return { before, after };
}

/**
 * A new listing's notices to its seller's followers, stored in one statement (grouped: at most one
 * notice per follower and seller an hour); none while the listing is held or its seller suspended.
 */
async function listingNotices(db: AppContext['db'], productId: string, sellerId: string) {
  const listing = await repo.findNewListing(db, productId);
  if (!listing) return [];
  return repo.saveListingNotices(db, {
    productId,
    sellerId,
    message: FOLLOW_NOTICES.listed(listing.sellerName, listing.name),
    grouped: aroundCount((count) => FOLLOW_NOTICES.listedMany(listing.sellerName, count)),
  });
}

/**
 * New chat messages' notices to their receivers (one per message, in order), stored in the messages'
 * own transaction (the chat module hands it in). A conversation has at most one unread
 * notification: a new message refreshes it (same id, new text and time) instead of adding another;
 * once it is read, the next adds a new one.
 */
export async function saveMessageNotifications(
  tx: Tx,
  sent: Array<{ message: ChatMessage; sender: { id: string; name: string } }>,
) {
  const rows = await repo.saveConversationNotifications(
    tx,
    sent.map(({ message, sender }) => ({
      userId: message.receiverId,
      type: 'message' as const,
      // An offer is announced as one: "Meera offered ₹2,800 for Lady Bird cycle".
      message:
        message.offer && message.product
          ? CHAT_NOTICES.offer(sender.name, formatRupees(message.offer.amount), message.product.name)
          : CHAT_NOTICES.message(sender.name),
      data: { senderId: sender.id },
    })),
  );
  return rows.map(presentNotification);
}

/** The posts' alerts of the saved searches they matched (grouped: at most one per search an hour). */
export async function saveSearchMatchNotices(
  db: AppContext['db'],
  kind: 'products' | 'requests',
  itemId: string,
  matches: Array<{ userId: string; searchId: string; searchName: string; itemName: string }>,
) {
  const rows = await repo.saveSearchNotices(
    db,
    { kind, itemKey: kind === 'products' ? 'productId' : 'requestId', itemId },
    matches.map((m) => ({
      userId: m.userId,
      searchId: m.searchId,
      message: SAVED_SEARCH_NOTICES.matched(m.searchName, m.itemName),
      grouped: aroundCount((count) => SAVED_SEARCH_NOTICES.matchedMany(m.searchName, count)),
    })),
    SAVED_SEARCH_LIMITS.groupMinutes,
  );
  return rows.map(presentNotification);
}

/**
 * Stores a notification row for every event that concerns a user, then announces it as
 * `notification.created` — the seam where the realtime gateway pushes it to `user:{id}`. A new
 * listing tells its seller's followers, grouped per follower (`listingNotices`). A chat message's
 * notice is written with the message (`saveMessageNotifications`).
 */
export function registerNotificationWriter(ctx: Pick<AppContext, 'db' | 'events'>) {
  return ctx.events.on(async (event) => {
    for (const values of notificationsFor(event)) {
      const row = await repo.insertNotification(ctx.db, values);
      await ctx.events.emit({ type: 'notification.created', notification: presentNotification(row) });
    }
    if (event.type === 'product.created')
      for (const row of await listingNotices(ctx.db, event.productId, event.sellerId))
        await ctx.events.emit({ type: 'notification.created', notification: presentNotification(row) });
  });
}
