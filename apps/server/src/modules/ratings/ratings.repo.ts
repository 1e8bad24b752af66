import { avg, count, eq } from 'drizzle-orm';
import type { RatingType } from '@campusrun/shared';
import type { Db } from '../../db/client';
import { ratings, requests, users } from '../../db/schema';

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
      })
      .from(requests)
      .where(eq(requests.id, requestId))
      .limit(1)
  )[0];

export const insertRating = async (
  db: Db,
  values: {
    requestId: string;
    raterId: string;
    userId: string;
    rating: number;
    comment: string | null;
    ratingType: RatingType;
  },
) => (await db.insert(ratings).values(values).returning())[0]!;

export const userExists = async (db: Db, userId: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)).length === 1;

/** Average (rounded to 1 decimal, 0 without ratings) and count of the ratings a user received. */
export async function summaryFor(db: Db, userId: string) {
  const [row] = await db
    .select({ average: avg(ratings.rating), count: count() })
    .from(ratings)
    .where(eq(ratings.userId, userId));
  const average = row?.average === null || row?.average === undefined ? 0 : Number(row.average);
  return { average: Math.round(average * 10) / 10, count: row?.count ?? 0 };
}
