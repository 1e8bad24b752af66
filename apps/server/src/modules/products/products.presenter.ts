import { PRICE_GUIDE_LIMITS, type PriceGuide, type Product } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { Storage } from '../../lib/storage';
import { productCan, type ProductViewer } from './products.policy';
import type { PriceGuideStats, ProductView } from './products.repo';

/**
 * Anyone but the seller, for pushing one presentation to everyone watching a product (no user has
 * the empty id; the role does not matter to a non-seller's `can`).
 */
export const ANY_BUYER: ProductViewer = { id: '', role: null };

/**
 * What a sold product sold for, in paise, when it is shown: only at its listing price. A price agreed
 * in an offer is the two members' own (their settlement says it to them); the page says "Sold".
 */
function soldPriceOf({ product, soldPrice }: ProductView): number | null {
  return product.status === 'sold' && soldPrice !== null && soldPrice === product.price ? soldPrice : null;
}

/**
 * Everything that leaves the server about a product, as `viewer` sees it: the seller's hostel block
 * but no e-mail, phone or room; what a sold one sold for (see `soldPriceOf`); `can` from the policy.
 */
export function presentProduct(
  storage: Pick<Storage, 'url'>,
  p: ProductView,
  viewer: ProductViewer,
): Product {
  const { product } = p;
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: toRupees(product.price),
    ...(soldPriceOf(p) !== null && { soldPrice: toRupees(soldPriceOf(p)!) }),
    quantity: product.quantity,
    category: product.category,
    condition: product.condition,
    isNegotiable: product.isNegotiable,
    status: product.status,
    images: p.images.map((i) => storage.url(i.path)),
    thumbnails: p.images.map((i) => storage.url(i.thumbPath)),
    sellerId: product.sellerId,
    seller: {
      id: p.seller.id,
      name: p.seller.name,
      avatar: p.seller.avatar,
      createdAt: p.seller.createdAt.toISOString(),
      hostelBlock: p.seller.hostelBlock,
    },
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    bumpedAt: product.bumpedAt?.toISOString() ?? null,
    expiresAt: product.expiresAt.toISOString(),
    expired: product.status !== 'sold' && product.expiresAt.getTime() <= Date.now(),
    can: productCan(viewer, product),
    isSaved: viewer.savedIds?.includes(product.id) ?? false,
  };
}

const wholeRupees = (paise: number) => Math.round(paise / 100);

/**
 * What a price guide tells, in whole rupees: nothing below `minSales` sales; the middle half of the
 * prices (25th to 75th percentile) from `middleHalfFrom` sales, lowest to highest below; the median
 * and the count. Never which products, nor who sold or bought them.
 */
export function presentPriceGuide(stats: PriceGuideStats): PriceGuide | null {
  const { count, min, max, p25, median, p75 } = stats;
  if (count < PRICE_GUIDE_LIMITS.minSales || min === null || max === null || median === null) return null;
  const middleHalf = count >= PRICE_GUIDE_LIMITS.middleHalfFrom && p25 !== null && p75 !== null;
  return {
    low: wholeRupees(middleHalf ? p25 : min),
    high: wholeRupees(middleHalf ? p75 : max),
    median: wholeRupees(median),
    count,
  };
}
