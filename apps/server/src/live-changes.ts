import type { Database } from './db/client';
import { openChanges, type Change, type ChangeHandlers } from './lib/changes';
import type { AppContext } from './lib/app-context';
import type { AppEvent, AppEventType } from './lib/events';
import type { Metrics } from './lib/metrics';
import { partiesOf } from './lib/parties';
import type { SharedRedis } from './lib/redis';
import { createSessionCache } from './lib/session-cache';
import { findSessionUser, notifyUserChanged } from './modules/identity/auth.repo';

type ChangeOf<T extends AppEventType> = (event: Extract<AppEvent, { type: T }>) => Change | undefined;
const userChanged = (event: { userId: string }): Change => ({ kind: 'user', userId: event.userId });
const sessionsEnded = ({ userId, sessionId }: { userId: string; sessionId?: string }): Change => ({
  kind: 'sessionsEnded',
  userId,
  ...(sessionId ? { sessionId } : {}),
});
const dataChanged = (): Change => ({ kind: 'data' });
const listsOf = (...userIds: string[]): Change => ({ kind: 'lists', userIds });
const unchanged = () => undefined;

/**
 * What other processes must hear about each event: a changed user (their session and party caches
 * drop them, and every member's own lists, which show names), ended sessions (the same, and the
 * sockets bound to them close), changed requests or products (the shared pages drop, and the own
 * lists of the request's parties), a change of some members' own lists only (their requests,
 * deliveries, notifications and chats), or nothing. Every event has a row.
 */
const CHANGE_OF = {
  'user.sessions_revoked': sessionsEnded,
  'user.updated': userChanged,
  'request.updated': (e) => ({ kind: 'data', userIds: e.views.map((v) => v.userId) }),
  'product.created': dataChanged,
  'product.updated': dataChanged,
  'product.removed': dataChanged,
  // A request held or removed leaves its parties' lists; the event names only its owner.
  'listing.hidden': dataChanged,
  // A removed message changes the chat list of both sides, and a removed listing the lists of
  // whoever it concerned: rare, so every member's lists are read again.
  'listing.removed': dataChanged,
  'message.created': (e) => listsOf(e.message.senderId, e.message.receiverId),
  'message.read': (e) => listsOf(e.readerId, e.senderId),
  'notification.created': (e) => listsOf(e.notification.userId),
  'notifications.read': (e) => listsOf(e.userId),
  // "You rated" shows on the rater's requests and deliveries.
  'rating.changed': (e) => listsOf(e.raterId),
  'request.accepted': unchanged,
  'request.completed': unchanged,
  'request.picked_up': unchanged,
  'request.on_the_way': unchanged,
  'request.cancelled': unchanged,
  'request.delivery_cancelled': unchanged,
  'request.available': unchanged,
  'request.unavailable': unchanged,
  'product.available': unchanged,
  'users.blocked': unchanged,
  'users.noticed': unchanged,
  'offer.updated': unchanged,
  // Trips are never on a cached page; the requests they change announce themselves.
  'trip.available': unchanged,
  'trip.updated': unchanged,
  'trip.removed': unchanged,
  // Runs are read afresh on every call (no cached page holds them); their requests' changes are
  // request.updated.
  'run.changed': unchanged,
  // Settlements are read afresh on every call; a sale's product announces itself.
  'product.sold': unchanged,
  'settlement.updated': unchanged,
  'settlement.reminded': unchanged,
} satisfies { [T in AppEventType]: ChangeOf<T> };
const changeOf = (event: AppEvent) =>
  (CHANGE_OF[event.type] as (event: AppEvent) => Change | undefined)(event);

/**
 * The signed-in users, the parties of messages and the shared pages, cached; every process drops a
 * user as soon as any process changes them, and every page as soon as any process writes requests
 * or products (a user's name and avatar show on pages too). `watch` tells another part of this
 * process (the realtime gateway) of every change and of whether the channel is live.
 */
export async function openLiveCaches(
  ctx: AppContext,
  database: Database,
  redis: SharedRedis | undefined,
  metrics: Metrics,
) {
  const { config } = ctx;
  const sessionUsers = createSessionCache(
    (id) => findSessionUser(ctx.db, id),
    undefined,
    (hit) => metrics.recordCacheLookup('session', hit),
  );
  const parties = partiesOf(ctx.db);
  const watchers = new Set<ChangeHandlers>();
  let isLive = false;
  const apply = (change: Change) => {
    if (change.kind === 'user' || change.kind === 'sessionsEnded') {
      sessionUsers.forget(change.userId);
      parties.forget(change.userId);
    }
    if (change.kind !== 'lists') ctx.pages.invalidate();
    dropOwnLists(change);
    for (const watcher of watchers) watcher.changed(change);
  };
  /** The members' own lists a change makes stale: theirs, or everyone's when names may have changed. */
  const dropOwnLists = (change: Change) => {
    if (change.kind === 'data' || change.kind === 'lists') {
      if (change.userIds) ctx.ownPages.forget(change.userIds);
      else ctx.ownPages.invalidate();
    } else if (change.kind === 'user' || !change.sessionId) {
      // A new name or avatar, a block, a suspension or a deleted account shows on others' lists.
      ctx.ownPages.invalidate();
    }
  };
  const changes = await openChanges(
    {
      databaseUrl:
        database.kind === 'postgres' && config.changeChannel !== 'redis' ? config.databaseUrl : undefined,
      notify: (channel, payload) => notifyUserChanged(ctx.db, channel, payload),
      redis,
      log: ctx.log,
    },
    {
      changed: apply,
      live: (live) => {
        isLive = live;
        sessionUsers.setLive(live);
        parties.setLive(live);
        ctx.pages.setLive(live);
        ctx.ownPages.setLive(live);
        for (const watcher of watchers) watcher.live(live);
      },
    },
  );
  metrics.addGauge(
    'change_channel_live',
    'Whether the channel announcing changes between processes is live (1); while 0 the session, party and page caches are bypassed',
    () => (isLive ? 1 : 0),
  );
  // Applied here before the write's answer is sent, then announced to the other processes.
  ctx.events.on(async (event) => {
    const change = changeOf(event);
    if (!change) return;
    apply(change);
    await changes.publish(change);
  });
  /** Tells `handlers` of every change from now on, and at once of whether the channel is live. */
  const watch = (handlers: ChangeHandlers) => {
    watchers.add(handlers);
    handlers.live(isLive);
    return () => void watchers.delete(handlers);
  };
  return { sessionUsers, watch, close: () => changes.close() };
}
