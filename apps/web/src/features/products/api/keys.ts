import type { Offer, ProductCategory, ProductCondition, ProductSort } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';

/** The marketplace filters that go into the URL and into GET /products. Empty string: no filter. */
export interface ProductFilters {
  search: string;
  category: ProductCategory | '';
  condition: ProductCondition | '';
  sort: ProductSort;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  saved: () => [...productKeys.all, 'saved'] as const,
  offers: (productId: string) => [...productKeys.all, 'offers', productId] as const,
  buyers: (productId: string) => [...productKeys.all, 'buyers', productId] as const,
  reviews: (productId: string) => [...productKeys.all, 'reviews', productId] as const,
};

/**
 * After the seller's own change to a product: product lists refetch (the one on screen now, the
 * others when shown). Other screens follow the socket's entity events (app/live-updates.ts);
 * dashboards refetch whenever they open.
 */
export function invalidateAfterProductChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
}

/** Puts an offer into every cached place that shows it. */
export function applyOffer(queryClient: QueryClient, offer: Offer) {
  queryClient.setQueryData<Offer[]>(productKeys.offers(offer.productId), (list) => {
    if (!list) return list;
    return list.some((o) => o.id === offer.id)
      ? list.map((o) => (o.id === offer.id ? offer : o))
      : [offer, ...list];
  });
}
