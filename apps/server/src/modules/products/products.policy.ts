import type { ProductCan, ProductStatus } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';

/** Why an actor may not do something to a product; null when they may. Pure: no I/O. */
export type ProductRefusal = 'notHosteller' | 'notSeller';

/** Only hostellers sell. */
export const sellRefusal = (actor: Pick<Actor, 'role'>): ProductRefusal | null =>
  actor.role === 'hosteller' ? null : 'notHosteller';

/** Edit, status change and delete: a hosteller who is the seller. */
export function manageRefusal(
  actor: Pick<Actor, 'id' | 'role'>,
  product: { sellerId: string },
): ProductRefusal | null {
  if (actor.role !== 'hosteller') return 'notHosteller';
  return product.sellerId === actor.id ? null : 'notSeller';
}

/** Who is looking at a product (role null: a profile not completed yet). */
export interface ProductViewer {
  id: string;
  role: Actor['role'];
  /** The products they saved. */
  savedIds?: readonly string[];
  /** A campus moderator: sees a suspended seller's products by link. */
  isModerator?: boolean;
  /** They block the product's seller or are blocked by them: no contact, no offer. */
  blockedWithSeller?: boolean;
}

/**
 * Whether the product answers 404 to the viewer: removed by a moderator (for everyone; moderators
 * see it in their queue), or its seller is suspended (for everyone but moderators).
 */
export const productHidden = (
  viewer: Pick<ProductViewer, 'isModerator'>,
  p: { moderation: string; sellerSuspended: boolean },
) => p.moderation === 'removed' || (p.sellerSuspended && viewer.isModerator !== true);

/**
 * What the viewer may do with a product, for the client's buttons: the seller (a hosteller) edits,
 * changes the status and deletes (marking sold only while it is not sold yet); everyone else may
 * contact the seller and report the product, and contact and offer only while neither of the two
 * blocks the other.
 */
export function productCan(
  viewer: ProductViewer,
  product: { sellerId: string; status: ProductStatus },
): ProductCan {
  const manage = manageRefusal(viewer, product) === null;
  const trades = viewer.id !== product.sellerId && viewer.blockedWithSeller !== true;
  return {
    edit: manage,
    contact: trades,
    markSold: manage && product.status !== 'sold',
    delete: manage,
    report: viewer.id !== product.sellerId,
    // Whether an offer can be made now also depends on the status (the client shows it when available).
    offer: trades,
    save: viewer.id !== product.sellerId,
  };
}
