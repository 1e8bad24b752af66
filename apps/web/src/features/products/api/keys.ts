import type { ProductCategory, ProductCondition, ProductSort } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CAMPUS_CONFIG_KEY } from '@/lib/campus-config';

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
  sellerRating: (userId: string) => ['ratings', 'user', userId] as const,
};

/**
 * After a product is listed, edited, sold or deleted: product lists refetch now; everything else of
 * this user (e.g. dashboard stats and recent products owned by other features) is marked stale so it
 * refetches the next time it is shown. The campus settings never change with a product.
 */
export function invalidateAfterProductChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== productKeys.all[0] && query.queryKey[0] !== CAMPUS_CONFIG_KEY,
    refetchType: 'none',
  });
}
