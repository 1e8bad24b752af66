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
const unchanged = () => undefined;

/**
 * What other processes must hear about each event: a changed user (their session and party caches
 * drop them), ended sessions (the same, and the sockets bound to them close), changed requests or
 * products (the shared pages drop), or nothing. Every event has a row.
 */
const CHANGE_OF = {
  'user.sessions_revoked': sessionsEnded,
  'user.updated': userChanged,
  'request.updated': dataChanged,
  'product.created': dataChanged,
  'product.updated': dataChanged,
  'product.removed': dataChanged,
  'listing.hidden': dataChanged,
  'request.accepted': unchanged,
  'request.completed': unchanged,
  'request.picked_up': unchanged,
  'request.on_the_way': unchanged,
  'request.cancelled': unchanged,
  'request.delivery_cancelled': unchanged,
  'request.available': unchanged,
  'request.unavailable': unchanged,
  'product.available': unchanged,
  'message.created': unchanged,
  'message.read': unchanged,
  'users.blocked': unchanged,
  'users.noticed': unchanged,
  'notification.created': unchanged,
  'offer.updated': unchanged,
  'listing.removed': unchanged,
  // Trips are never on a cached page; the requests they change announce themselves.
  'trip.available': unchanged,
  'trip.updated': unchanged,
  'trip.removed': unchanged,
  // Runs are read afresh on every call (no cached page holds them); their requests' changes are
  // request.updated.
  'run.changed': unchanged,
  // A member's rating is read afresh on every call (GET /ratings/user/{id}).
  'rating.changed': unchanged,
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
    if (change.kind !== 'data') {
      sessionUsers.forget(change.userId);
      parties.forget(change.userId);
    }
    ctx.pages.invalidate();
    for (const watcher of watchers) watcher.changed(change);
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
