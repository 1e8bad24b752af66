import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionBody } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

/**
 * Stores a browser's subscription for the user and answers true; it becomes the user's newest, and
 * past PUSH_SUBSCRIPTIONS_MAX the user's oldest are dropped. An endpoint stays with the account
 * that stored it: another account takes it over only with the same keys (the same browser, now
 * signed in to another account). With other keys nothing is written and the answer is false.
 * One user's subscriptions are stored one at a time (an advisory lock), so the cap holds.
 */
export const saveSubscription = (db: Db, userId: string, s: PushSubscriptionBody) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push:' || ${userId}))`);
    const saved = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: s.keys.p256dh, auth: s.keys.auth, createdAt: sql`now()` },
        setWhere: or(
          eq(pushSubscriptions.userId, userId),
          and(eq(pushSubscriptions.p256dh, s.keys.p256dh), eq(pushSubscriptions.auth, s.keys.auth)),
        ),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) return false;
    await tx.execute(sql`
      delete from ${pushSubscriptions}
      where user_id = ${userId} and id not in (
        select id from ${pushSubscriptions} where user_id = ${userId}
        order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_MAX}
      )`);
    return true;
  });

export const deleteSubscription = (db: Db, userId: string, endpoint: string) =>
  db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));

/** The push service said the subscription is gone (404 / 410). */
export const forgetEndpoint = (db: Db, endpoint: string) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

/** The subscriptions of these users, with each user's preferences. */
export const subscriptionsOf = (db: Db, userIds: string[]) =>
  userIds.length
    ? db
        .select({
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          preferences: users.pushPreferences,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(inArray(pushSubscriptions.userId, userIds))
    : Promise.resolve([]);

/** Day scholars with a subscription who want urgent requests. */
export const urgentWatchers = async (db: Db) =>
  (
    await db
      .selectDistinct({ id: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(and(eq(users.role, 'dayscholar'), sql`(${users.pushPreferences} ->> 'urgent')::boolean`))
  ).map((r) => r.id);

export const preferencesOf = async (db: Db, userId: string) =>
  (await db.select({ p: users.pushPreferences }).from(users).where(eq(users.id, userId)).limit(1))[0]?.p;

export const deleteSubscriptionsOf = async (tx: Executor, userId: string) => {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
};
