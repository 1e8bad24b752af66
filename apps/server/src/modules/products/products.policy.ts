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
}

/**
 * What the viewer may do with a product, for the client's buttons: the seller (a hosteller) edits,
 * changes the status and deletes (marking sold only while it is not sold yet); everyone else may
 * contact the seller and report the product.
 */
export function productCan(
  viewer: ProductViewer,
  product: { sellerId: string; status: ProductStatus },
): ProductCan {
  const manage = manageRefusal(viewer, product) === null;
  return {
    edit: manage,
    contact: viewer.id !== product.sellerId,
    markSold: manage && product.status !== 'sold',
    delete: manage,
    report: viewer.id !== product.sellerId,
    // Whether an offer can be made now also depends on the status (the client shows it when available).
    offer: viewer.id !== product.sellerId,
    save: viewer.id !== product.sellerId,
  };
}
