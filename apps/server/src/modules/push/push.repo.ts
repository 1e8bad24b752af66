import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushPreferences, PushSubscriptionBody } from '@campusrun/shared';
import type { Db } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a browser's subscription for the user (a browser that changes hands moves to the new user). */
export const saveSubscription = (db: Db, userId: string, s: PushSubscriptionBody) =>
  db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: s.keys.p256dh, auth: s.keys.auth },
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

export const setPreferences = (db: Db, userId: string, preferences: PushPreferences) =>
  db.update(users).set({ pushPreferences: preferences }).where(eq(users.id, userId));
