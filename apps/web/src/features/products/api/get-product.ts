import type { Product, ProductListResponse, ProductResponse } from '@campusrun/shared';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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

/** The product as a marketplace list already on this device shows it, if one does. */
function listedProduct(queryClient: QueryClient, id: string): Product | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<ProductListResponse>>({
    queryKey: productKeys.lists(),
  });
  for (const [, data] of lists)
    for (const page of data?.pages ?? []) {
      const found = page.products.find((product) => product.id === id);
      if (found) return found;
    }
  return undefined;
}

/**
 * A product's page data. One already seen in a list shows at once while its page loads, and
 * offline (when the page's own answer is not cached either) instead of waiting for the network.
 */
export function useProduct(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...productQuery(id), placeholderData: () => listedProduct(queryClient, id) });
}
