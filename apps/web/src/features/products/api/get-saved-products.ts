import type { ProductListResponse } from '@campusrun/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /products/saved?limit&cursor → { products, nextCursor } (the viewer's saved products). */
export const getSavedProducts = (cursor: string, signal?: AbortSignal) =>
  api.get<ProductListResponse>('/products/saved', {
    signal,
    params: { limit: 20, ...(cursor ? { cursor } : {}) },
  });

export const savedProductsQuery = () =>
  infiniteQueryOptions({
    queryKey: productKeys.saved(),
    queryFn: ({ pageParam, signal }) => getSavedProducts(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSavedProducts() {
  return useInfiniteQuery(savedProductsQuery());
}
