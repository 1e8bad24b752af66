import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages, products, runs, trips, users, wantedPosts } from '../../db/schema';
import { notSuspended, visibleListing } from '../../lib/listing-visibility';

/**
 * What a link preview reads of each kind, and only while it previews: each query answers nothing for
 * a row that is not there or does not preview now, so the two cannot be told apart. Only the columns
 * a preview shows are read (never a member's name, phone, hostel, room or a delivery location).
 */

/**
 * A product previews while moderation shows it (not held, not removed), it has not expired and its
 * seller is not suspended. A sold one still previews (its page still opens for members).
 */
export async function productPreview(db: Db, id: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      /** Paise. */
      price: products.price,
      status: products.status,
      /** Storage key of the first photo (the cover), if it has one. */
      // The table named: without a join, drizzle writes a column bare, which the subquery would read as its own.
      photo: sql<string | null>`(select i.path from ${productImages} i
        where i.product_id = ${products}.id order by i.position, i.created_at limit 1)`,
    })
    .from(products)
    .where(
      and(
        eq(products.id, id),
        visibleListing(products.moderation),
        sql`${products.expiresAt} > now()`,
        notSuspended(products.sellerId),
      ),
    )
    .limit(1);
  return row;
}
export type ProductPreviewRow = NonNullable<Awaited<ReturnType<typeof productPreview>>>;

/** A trip previews until it arrives, unless its runner cancelled it or is suspended. */
export async function tripPreview(db: Db, id: string) {
  const [row] = await db
    .select({
      id: trips.id,
      from: trips.from,
      arriveAt: trips.arriveAt,
      cutoffAt: trips.cutoffAt,
      cutoffPassed: sql<boolean>`${trips.cutoffAt} <= now()`,
    })
    .from(trips)
    .where(
      and(
        eq(trips.id, id),
        eq(trips.status, 'open'),
        sql`${trips.arriveAt} > now()`,
        notSuspended(trips.runnerId),
      ),
    )
    .limit(1);
  return row;
}
export type TripPreviewRow = NonNullable<Awaited<ReturnType<typeof tripPreview>>>;

/**
 * A shared run previews while it is open (not accepted, not cancelled) and before its deadline,
 * unless its starter is suspended.
 */
export async function runPreview(db: Db, id: string) {
  const [row] = await db
    .select({
      id: runs.id,
      pickupFrom: runs.pickupFrom,
      cutoffAt: runs.cutoffAt,
      deadline: runs.deadline,
      cutoffPassed: sql<boolean>`${runs.cutoffAt} <= now()`,
      /** Paise: the whole fee, split between the participants. */
      totalFee: runs.totalFee,
    })
    .from(runs)
    .where(
      and(
        eq(runs.id, id),
        eq(runs.status, 'open'),
        sql`${runs.deadline} > now()`,
        notSuspended(runs.starterId),
      ),
    )
    .limit(1);
  return row;
}
export type RunPreviewRow = NonNullable<Awaited<ReturnType<typeof runPreview>>>;

/** A wanted post previews while it is open and within its days, unless its poster is suspended or gone. */
export async function wantedPreview(db: Db, id: string) {
  const [row] = await db
    .select({
      title: wantedPosts.title,
      details: wantedPosts.details,
      maxPrice: wantedPosts.maxPrice,
      photo: wantedPosts.photoPath,
    })
    .from(wantedPosts)
    .innerJoin(users, eq(users.id, wantedPosts.userId))
    .where(
      and(
        eq(wantedPosts.id, id),
        eq(wantedPosts.status, 'open'),
        sql`${wantedPosts.expiresAt} > now()`,
        isNull(users.deletedAt),
        notSuspended(wantedPosts.userId),
      ),
    )
    .limit(1);
  return row;
}
export type WantedPreviewRow = NonNullable<Awaited<ReturnType<typeof wantedPreview>>>;
