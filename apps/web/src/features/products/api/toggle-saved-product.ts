import type { Product, ProductListResponse } from '@campusrun/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** PUT /products/{id}/save (save) or DELETE (unsave) → { isSaved, message }. */
export const toggleSavedProduct = ({ id, save }: { id: string; save: boolean }) =>
  (save ? api.put : api.delete)<{ isSaved: boolean; message: string }>(
    `/products/${encodeURIComponent(id)}/save`,
  );

/** Sets `isSaved` on every cached copy of the product (its page and the lists). */
function markSaved(queryClient: QueryClient, id: string, isSaved: boolean) {
  const patch = (p: Product) => (p.id === id ? { ...p, isSaved } : p);
  queryClient.setQueryData<Product>(productKeys.detail(id), (old) => (old ? patch(old) : old));
  queryClient.setQueriesData<{ pages: ProductListResponse[]; pageParams: unknown[] }>(
    { queryKey: productKeys.lists() },
    (data) =>
      data && { ...data, pages: data.pages.map((pg) => ({ ...pg, products: pg.products.map(patch) })) },
  );
}

/** Shows the change at once, and takes it back if the server refuses. */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSavedProduct,
    onMutate: ({ id, save }) => markSaved(queryClient, id, save),
    onError: (_e, { id, save }) => markSaved(queryClient, id, !save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.saved() }),
  });
}
