import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { messages, offers, settlements, users } from '../db/schema';

/**
 * The rules of who bought what, one home for the features that need them: the products feature
 * (who may be named a buyer) and the ratings feature (who reviews whom after a sale).
 */

/**
 * Who may be named as the buyer of a product (marking sold, the candidates the seller picks from).
 *
 * The buyer engaged with the product before any sale to them could count: they wrote to its seller
 * in a message about it, or made an offer on it. A message from the seller alone makes nobody a buyer.
 * A deleted account is nobody's buyer any more.
 */
export const engagedBuyer = (
  productId: AnyColumn | string,
  sellerId: AnyColumn | string,
  buyerId: AnyColumn | string,
): SQL =>
  sql`not exists (select 1 from ${users} du where du.id = ${buyerId} and du.deleted_at is not null)
    and (exists (select 1 from ${offers} eo where eo.product_id = ${productId} and eo.buyer_id = ${buyerId})
    or exists (select 1 from ${messages} em where em.sender_id = ${buyerId} and em.receiver_id = ${sellerId}
      and em.product_id = ${productId}))`;

/** A product's sale settlements between `sellerId` (payee) and a buyer (payer) that are not void. */
const liveSale = (productId: AnyColumn | string, sellerId: AnyColumn | string) =>
  sql`from ${settlements} ss where ss.kind = 'sale' and ss.product_id = ${productId}
    and ss.payee_id = ${sellerId} and ss.voided_at is null`;

/**
 * Who bought a product from its seller, by their own word: the payer of its sale settlement that the
 * buyer confirmed and that is not void (the latest, should it have been sold again after one was
 * settled); null when there is none. Shared by the ratings feature (a sale review is between exactly
 * these two) and whoever else must know a sale really happened. Never `products.buyer_id`: the seller
 * names that buyer alone.
 */
export const confirmedBuyer = (
  productId: AnyColumn | string,
  sellerId: AnyColumn | string,
): SQL<string | null> =>
  sql`(select ss.payer_id ${liveSale(productId, sellerId)} and ss.confirmed_at is not null
    order by ss.confirmed_at desc limit 1)`;

/** The buyer the seller named in a sale still waiting for that buyer's confirmation, or null. */
export const proposedBuyer = (
  productId: AnyColumn | string,
  sellerId: AnyColumn | string,
): SQL<string | null> =>
  sql`(select ss.payer_id ${liveSale(productId, sellerId)} and ss.confirmed_at is null limit 1)`;
