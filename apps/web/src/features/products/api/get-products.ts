import type { ProductListResponse } from '@campusrun/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ProductFilters, productKeys } from './keys';

/** Divisible by 2, 3 and 4: full rows in every grid width. */
export const PRODUCTS_PAGE_SIZE = 24;

/** GET /products?search&category&condition&sort&limit&cursor → { products, nextCursor } (sold hidden). */
export const getProducts = (
  filters: ProductFilters & { cursor?: string; limit?: number },
  signal?: AbortSignal,
) =>
  api.get<ProductListResponse>('/products', {
    signal,
    params: {
      search: filters.search,
      category: filters.category,
      condition: filters.condition,
      sort: filters.sort,
      limit: filters.limit ?? PRODUCTS_PAGE_SIZE,
      cursor: filters.cursor,
    },
  });

export const productsInfiniteQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProducts({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The marketplace pages; the previous results stay on screen while a new filter loads. */
export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery({ ...productsInfiniteQuery(filters), placeholderData: keepPreviousData });
}
