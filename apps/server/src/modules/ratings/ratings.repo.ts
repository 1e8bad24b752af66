import { and, avg, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyRatingType } from '@campusrun/shared';
import type { Db } from '../../db/client';
import { products, ratings, requests, users } from '../../db/schema';
import { confirmedBuyer, proposedBuyer } from '../../lib/sale-rule';

export type RatingRow = typeof ratings.$inferSelect;

/** The parties and status of a request: all that the rating rules need. */
export const findRequestParties = async (db: Db, requestId: string) =>
  (
    await db
      .select({
        id: requests.id,
        status: requests.status,
        requesterId: requests.requesterId,
        delivererId: requests.delivererId,
        pickedUpAt: requests.pickedUpAt,
      })
      .from(requests)
      .where(eq(requests.id, requestId))
      .limit(1)
  )[0];

/**
 * The two sides of a sale as the buyer's confirmation makes them (lib/sale-rule.ts): the seller, the
 * buyer who confirmed buying it (null: none did), and the buyer named in a sale still waiting for them.
 */
export const findSaleParties = async (db: Db, productId: string) =>
  (
    await db
      .select({
        id: products.id,
        sellerId: products.sellerId,
        buyerId: confirmedBuyer(products.id, products.sellerId),
        proposedBuyerId: proposedBuyer(products.id, products.sellerId),
      })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1)
  )[0];

export const insertRating = async (
  db: Db,
  values: {
    requestId?: string | null;
    productId?: string | null;
    raterId: string;
    userId: string;
    rating: number;
    comment: string | null;
    ratingType: AnyRatingType;
  },
) => (await db.insert(ratings).values(values).returning())[0]!;

export const userExists = async (db: Db, userId: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)).length === 1;

export { findActiveUserRef, findUserRef } from '../../lib/user-ref';

/** Average (rounded to 1 decimal, 0 without ratings) and count of the ratings a user received. */
export async function summaryFor(db: Db, userId: string, ratingType?: AnyRatingType) {
  const [row] = await db
    .select({ average: avg(ratings.rating), count: count() })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), ratingType ? eq(ratings.ratingType, ratingType) : undefined));
  const average = row?.average === null || row?.average === undefined ? 0 : Number(row.average);
  return { average: Math.round(average * 10) / 10, count: row?.count ?? 0 };
}

/** Reviews with their rater, newest first: those a user received, or those of one sale. */
export const reviews = (db: Db, where: { userId: string } | { productId: string }, limit: number) =>
  db
    .select({
      id: ratings.id,
      rating: ratings.rating,
      comment: ratings.comment,
      ratingType: ratings.ratingType,
      userId: ratings.userId,
      createdAt: ratings.createdAt,
      rater: { id: users.id, name: users.name, avatar: users.avatar },
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where('userId' in where ? eq(ratings.userId, where.userId) : eq(ratings.productId, where.productId))
    .orderBy(desc(ratings.createdAt), sql`${ratings.id} desc`)
    .limit(limit);
export type ReviewRow = Awaited<ReturnType<typeof reviews>>[number];
