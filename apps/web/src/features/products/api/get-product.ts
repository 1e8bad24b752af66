import type { ProductResponse } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /products/{id} → { product }; 404 'Product not found'. */
export const getProduct = (id: string, signal?: AbortSignal) =>
  api.get<ProductResponse>(`/products/${encodeURIComponent(id)}`, { signal }).then((body) => body.product);

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
