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
