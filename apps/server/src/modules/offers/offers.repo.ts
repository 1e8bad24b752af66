import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { offers, products, users } from '../../db/schema';
import { notSuspended } from '../../lib/listing-visibility';

type OfferRow = typeof offers.$inferSelect;
export interface OfferView extends OfferRow {
  buyer: { id: string; name: string; avatar: string | null };
}

const offerColumns = {
  id: offers.id,
  productId: offers.productId,
  buyerId: offers.buyerId,
  amount: offers.amount,
  status: offers.status,
  createdAt: offers.createdAt,
  decidedAt: offers.decidedAt,
  buyer: { id: users.id, name: users.name, avatar: users.avatar },
};

/** What the offer rules need of a product. */
export const findProduct = async (db: Db, id: string) =>
  (
    await db
      .select({
        id: products.id,
        name: products.name,
        sellerId: products.sellerId,
        price: products.price,
        status: products.status,
        moderation: products.moderation,
        expired: sql<boolean>`${products.expiresAt} <= now()`,
        sellerSuspended: sql<boolean>`not ${notSuspended(products.sellerId)}`,
      })
      .from(products)
      .where(eq(products.id, id))
      .limit(1)
  )[0];

export const insertOffer = async (db: Db, values: { productId: string; buyerId: string; amount: number }) =>
  (await db.insert(offers).values(values).returning({ id: offers.id }))[0]!.id;

/** Offers with their buyer, by id. */
export const findOffer = async (db: Db, id: string): Promise<OfferView | undefined> =>
  (
    await db
      .select(offerColumns)
      .from(offers)
      .innerJoin(users, eq(users.id, offers.buyerId))
      .where(eq(offers.id, id))
      .limit(1)
  )[0];

/** Offers with their buyer, by ids (in no particular order). */
export const findOffers = async (db: Db, ids: string[]): Promise<OfferView[]> =>
  ids.length
    ? db
        .select(offerColumns)
        .from(offers)
        .innerJoin(users, eq(users.id, offers.buyerId))
        .where(inArray(offers.id, ids))
    : [];

/** A product's offers, newest first: all of them, or one buyer's. */
export const listOffers = (db: Db, productId: string, buyerId?: string): Promise<OfferView[]> =>
  db
    .select(offerColumns)
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(and(eq(offers.productId, productId), buyerId ? eq(offers.buyerId, buyerId) : undefined))
    .orderBy(desc(offers.createdAt), desc(offers.id));

/** Moves a pending offer to `status`; answers whether it was pending. */
export const closeOffer = async (db: Db, id: string, status: 'declined' | 'withdrawn') =>
  (
    await db
      .update(offers)
      .set({ status, decidedAt: new Date() })
      .where(and(eq(offers.id, id), eq(offers.status, 'pending')))
      .returning({ id: offers.id })
  ).length > 0;

export type AcceptOutcome =
  { ok: true; declined: string[] } | { ok: false; reason: 'notPending' | 'notAvailable' };

/**
 * Accepts a pending offer in one transaction with the product row locked, so two accepts on one
 * product queue and the second finds it reserved: the offer is accepted, the product reserved and
 * the product's other pending offers declined (their ids answered).
 */
/** Reserves a product for the offer accepted (the products feature's write). */
export interface ProductReserve {
  reserve(tx: Executor, productId: string, at: Date): Promise<void>;
}

export const acceptOffer = (
  db: Db,
  writes: ProductReserve,
  offerId: string,
  productId: string,
): Promise<AcceptOutcome> =>
  db.transaction(async (tx) => {
    const [product] = await tx
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product || product.status !== 'available') return { ok: false, reason: 'notAvailable' };
    const now = new Date();
    const accepted = await tx
      .update(offers)
      .set({ status: 'accepted', decidedAt: now })
      .where(and(eq(offers.id, offerId), eq(offers.status, 'pending')))
      .returning({ id: offers.id });
    if (accepted.length === 0) return { ok: false, reason: 'notPending' };
    await writes.reserve(tx, productId, now);
    const declined = await tx
      .update(offers)
      .set({ status: 'declined', decidedAt: now })
      .where(and(eq(offers.productId, productId), eq(offers.status, 'pending'), ne(offers.id, offerId)))
      .returning({ id: offers.id });
    return { ok: true, declined: declined.map((d) => d.id) };
  });

/** Declines a product's offers in `status` (pending ones once it is sold, the accepted one once it is available again). */
export const declineOffersOf = async (db: Db, productId: string, status: 'pending' | 'accepted') =>
  (
    await db
      .update(offers)
      .set({ status: 'declined', decidedAt: sql`now()` })
      .where(and(eq(offers.productId, productId), eq(offers.status, status)))
      .returning({ id: offers.id })
  ).map((r) => r.id);

/** A leaving member's offers nobody answered yet. */
export const deletePendingOffersBy = async (tx: Executor, buyerId: string) => {
  await tx.delete(offers).where(and(eq(offers.buyerId, buyerId), eq(offers.status, 'pending')));
};
