import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import { openChanges, type Change } from './lib/changes';
import type { AppContext } from './lib/context';
import type { AppEvent } from './lib/events';
import type { Metrics } from './lib/metrics';
import { createSessionCache } from './lib/session-cache';
import { findSessionUser, notifyUserChanged } from './modules/auth/auth.repo';

/** What other processes must hear about an event: a changed user, changed requests or products. */
const CHANGE_OF: { readonly [T in AppEvent['type']]?: (event: Extract<AppEvent, { type: T }>) => Change } = {
  'user.sessions_revoked': (event) => ({ kind: 'user', userId: event.userId }),
  'user.updated': (event) => ({ kind: 'user', userId: event.userId }),
  'request.updated': () => ({ kind: 'data' }),
  'product.created': () => ({ kind: 'data' }),
  'product.updated': () => ({ kind: 'data' }),
  'product.removed': () => ({ kind: 'data' }),
  'listing.hidden': () => ({ kind: 'data' }),
};
const changeOf = <E extends AppEvent>(event: E): Change | undefined =>
  (CHANGE_OF[event.type] as ((event: E) => Change) | undefined)?.(event);

/**
 * The signed-in users and the shared pages, cached; every process drops a user as soon as any
 * process changes them, and every page as soon as any process writes requests or products (a
 * user's name and avatar show on pages too).
 */
export async function openLiveCaches(
  ctx: AppContext,
  database: Database,
  redis: Redis | undefined,
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
