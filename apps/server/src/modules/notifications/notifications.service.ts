import { NOTIFICATION_MESSAGES } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { pageOf } from '../../lib/lists';
import { notFound } from '../../lib/errors';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repo';
import { bindUseCases } from '../../lib/use-cases';

type Deps = Pick<AppContext, 'db' | 'events'>;

/** A notification as its owner sees it (without their own id). */
function present(row: repo.NotificationRow) {
  const { userId: _owner, ...rest } = presentNotification(row);
  return rest;
}

async function list({ db }: Deps, actor: Actor, q: { limit: number; cursor?: string }) {
  const rows = await repo.listNotifications(db, actor.id, q.limit, q.cursor);
  const { items, nextCursor } = pageOf(rows, q.limit, (r) => r.cursor);
  const unreadCount = await repo.countUnread(db, actor.id);
  return { notifications: items.map((r) => present(r.notification)), unreadCount, nextCursor };
}

async function readAll({ db, events }: Deps, actor: Actor) {
  await repo.markAllRead(db, actor.id);
  await events.emit({ type: 'notifications.read', userId: actor.id });
  return { message: NOTIFICATION_MESSAGES.allRead };
}

async function readOne({ db, events }: Deps, actor: Actor, id: string) {
  const row = await repo.markOneRead(db, actor.id, id);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await events.emit({ type: 'notifications.read', userId: actor.id });
  return { notification: present(row) };
}

/** The owner's view of their notifications. */
export function createNotificationsService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const deps: Deps = { db: ctx.db, events: ctx.events };
  return bindUseCases(deps, { list, readAll, readOne });
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
