import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, requests, users } from '../../db/schema';

/** The public part of a user and their counts, in one query (undefined when there is no such user). */
export const findProfile = async (db: Db, id: string) =>
  (
    await db
      .select({
        id: users.id,
        name: users.name,
        avatar: users.avatar,
        role: users.role,
        createdAt: users.createdAt,
        deliveriesGivenUp: users.deliveriesGivenUp,
        deliveriesCompleted: sql<number>`(select count(*)::int from ${requests} r
          where r.deliverer_id = users.id and r.status = 'completed')`,
        requestsCompleted: sql<number>`(select count(*)::int from ${requests} r
          where r.requester_id = users.id and r.status = 'completed')`,
        itemsSold: sql<number>`(select count(*)::int from ${products} p
          where p.seller_id = users.id and p.status = 'sold')`,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];
