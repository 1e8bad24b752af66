import type { Offer } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { OfferView } from './offers.repo';

export const presentOffer = (o: OfferView): Offer => ({
  id: o.id,
  productId: o.productId,
  buyer: o.buyer,
  amount: toRupees(o.amount),
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  decidedAt: o.decidedAt ? o.decidedAt.toISOString() : null,
});
