import { removedNotice } from '@campusrun/shared';
import type { AppContext } from '../../lib/context';
import type { AppEvent } from '../../lib/events';
import { formatRupees } from '../../lib/money';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repo';

/** The notifications a domain event leaves (none, one, or one per user told). */
export function notificationsFor(event: AppEvent): repo.NewNotification[] {
  if (event.type === 'users.noticed')
    return event.userIds.map((userId) => ({ userId, ...event.notice, data: { ...event.notice.data } }));
  const one = notificationFor(event);
  return one ? [one] : [];
}

/** The notification a domain event leaves for one user, or null when it leaves none. */
export function notificationFor(event: AppEvent): repo.NewNotification | null {
  switch (event.type) {
    case 'request.accepted':
      return {
        userId: event.requester.id,
        type: 'request_accepted',
        message: `${event.deliverer.name} accepted your request for ${event.itemName}`,
        data: { requestId: event.requestId },
      };
    case 'request.completed':
      return {
        userId: event.requester.id,
        type: 'request_completed',
        message: `${event.deliverer.name} delivered your request for ${event.itemName}`,
        data: { requestId: event.requestId },
      };
    case 'request.cancelled':
      return event.deliverer
        ? {
            userId: event.deliverer.id,
            type: 'request_cancelled',
            message: `${event.requester.name} cancelled the request for ${event.itemName}`,
            data: { requestId: event.requestId },
          }
        : null;
    case 'request.delivery_cancelled':
      return {
        userId: event.requester.id,
        type: 'delivery',
        message: `${event.deliverer.name} cancelled the delivery of ${event.itemName}. Your request is open again.`,
        data: { requestId: event.requestId },
      };
    case 'message.created': {
      if (event.resent) return null;
      const { offer, product } = event.message;
      return {
        userId: event.message.receiverId,
        type: 'message',
        // An offer is announced as one: "Meera offered ₹2,800 for Lady Bird cycle".
        message:
          offer && product
            ? `${event.sender.name} offered ${formatRupees(offer.amount)} for ${product.name}`
            : `${event.sender.name} sent you a message`,
        data: { senderId: event.sender.id },
      };
    }
    case 'listing.removed':
      return {
        userId: event.ownerId,
        type: 'moderation',
        message: removedNotice(
          event.targetType === 'message' ? 'message' : `${event.targetType} "${event.name}"`,
          event.reason,
        ),
        data: {},
      };
    default:
      return null;
  }
}

/**
 * Stores a notification row for every event that concerns a user, then announces it as
 * `notification.created` — the seam where the realtime gateway pushes it to `user:{id}`. Chat
 * messages leave at most one unread notification per conversation: a new message refreshes it (same
 * id, new text and time) instead of adding another; once it is read, the next message adds a new one.
 */
export function registerNotificationWriter(ctx: Pick<AppContext, 'db' | 'events'>) {
  return ctx.events.on(async (event) => {
    for (const values of notificationsFor(event)) {
      const senderId = values.data.senderId;
      const row =
        values.type === 'message' && senderId
          ? await repo.saveConversationNotification(ctx.db, { ...values, data: { ...values.data, senderId } })
          : await repo.insertNotification(ctx.db, values);
      await ctx.events.emit({ type: 'notification.created', notification: presentNotification(row) });
    }
  });
}
