import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages, products, requests, settlements } from '../../db/schema';
import { availableTo } from '../../lib/request-availability';

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** The hosteller's request counts by status and product counts, in two index-backed queries. */
export async function hostellerCounts(db: Db, userId: string) {
  const [r] = await db
    .select({
      pending: countWhere(sql`${requests.status} = 'pending'`),
      accepted: countWhere(sql`${requests.status} = 'accepted'`),
      completed: countWhere(sql`${requests.status} = 'completed'`),
      cancelled: countWhere(sql`${requests.status} = 'cancelled'`),
    })
    .from(requests)
    .where(eq(requests.requesterId, userId));
  const [p] = await db
    .select({
      available: countWhere(sql`${products.status} = 'available'`),
      sold: countWhere(sql`${products.status} = 'sold'`),
    })
    .from(products)
    .where(eq(products.sellerId, userId));
  return { requests: r!, products: p! };
}

/**
 * The day scholar's delivery counts, earnings and tips (paise: the fees and the payers' tips of their
 * completed deliveries, as Money counts them), and how many requests they could accept.
 */
export async function dayScholarCounts(db: Db, userId: string) {
  const completed = sql`${requests.status} = 'completed'`;
  const [d] = await db
    .select({
      accepted: countWhere(sql`${requests.status} = 'accepted'`),
      completed: countWhere(completed),
      cancelled: countWhere(sql`${requests.status} = 'cancelled'`),
      earnings: sql<number>`coalesce(sum(${requests.expectedPrice}) filter (where ${completed}), 0)`.mapWith(
        Number,
      ),
      tips: sql<number>`coalesce(sum(${settlements.tip}) filter (where ${completed}), 0)`.mapWith(Number),
    })
    .from(requests)
    // At most one settlement per request: the counts stay one row per request.
    .leftJoin(settlements, eq(settlements.requestId, requests.id))
    .where(eq(requests.delivererId, userId));
  // The available list's own rule, so the number matches the list.
  const [a] = await db
    .select({ available: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(availableTo(userId));
  return { deliveries: d!, available: a!.available };
}

/** The seller's newest products with their image paths in order. */
export async function recentProducts(db: Db, sellerId: string, limit: number) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      status: products.status,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const images = await db
    .select({ productId: productImages.productId, path: productImages.path })
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(productImages.productId, productImages.position);
  return rows.map((r) => ({
    ...r,
    images: images.filter((i) => i.productId === r.id).map((i) => i.path),
  }));
}
export type RecentProductRow = Awaited<ReturnType<typeof recentProducts>>[number];
