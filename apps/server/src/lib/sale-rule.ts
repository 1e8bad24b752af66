import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { messages, offers, users } from '../db/schema';

/**
 * Who may be named as the buyer of a product. Shared by the products feature (marking sold, the
 * candidates the seller picks from) and the ratings feature (a sale review follows only from such a
 * sale): one rule, one home.
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
