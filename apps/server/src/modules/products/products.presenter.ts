import type { Product } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { Storage } from '../../lib/storage';
import type { ProductView } from './products.repo';

/** Everything that leaves the server about a product: no seller e-mail, phone or room. */
export function presentProduct(storage: Pick<Storage, 'url'>, p: ProductView): Product {
  const { product } = p;
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: toRupees(product.price),
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
    },
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
