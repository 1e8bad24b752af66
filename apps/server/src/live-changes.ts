import type { Database } from './db/client';
import { openChanges, type Change } from './lib/changes';
import type { AppContext } from './lib/app-context';
import type { AppEvent, AppEventType } from './lib/events';
import type { Metrics } from './lib/metrics';
import type { SharedRedis } from './lib/redis';
import { createSessionCache } from './lib/session-cache';
import { findSessionUser, notifyUserChanged } from './modules/identity/auth.repo';

type ChangeOf<T extends AppEventType> = (event: Extract<AppEvent, { type: T }>) => Change | undefined;
const userChanged = (event: { userId: string }): Change => ({ kind: 'user', userId: event.userId });
const dataChanged = (): Change => ({ kind: 'data' });
const unchanged = () => undefined;

/**
 * What other processes must hear about each event: a changed user (their session cache drops them),
 * changed requests or products (the shared pages drop), or nothing. Every event has a row.
 */
const CHANGE_OF = {
  'user.sessions_revoked': userChanged,
  'user.updated': userChanged,
  'request.updated': dataChanged,
  'product.created': dataChanged,
  'product.updated': dataChanged,
  'product.removed': dataChanged,
  'listing.hidden': dataChanged,
  'request.accepted': unchanged,
  'request.completed': unchanged,
  'request.picked_up': unchanged,
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
 * The signed-in users and the shared pages, cached; every process drops a user as soon as any
 * process changes them, and every page as soon as any process writes requests or products (a
 * user's name and avatar show on pages too).
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
  const apply = (change: Change) => {
    if (change.kind === 'user') sessionUsers.forget(change.userId);
    ctx.pages.invalidate();
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
        sessionUsers.setLive(live);
        ctx.pages.setLive(live);
      },
    },
  );
  // Applied here before the write's answer is sent, then announced to the other processes.
  ctx.events.on(async (event) => {
    const change = changeOf(event);
    if (!change) return;
    apply(change);
    await changes.publish(change);
  });
  return { sessionUsers, close: () => changes.close() };
}
