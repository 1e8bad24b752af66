import type { ProductResponse } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange, productKeys } from './keys';

/** PUT /products/{id}/sold { buyerId? } → { product } (the seller). */
export const markSold = (productId: string, buyerId: string | null) =>
  api
    .put<ProductResponse>(`/products/${encodeURIComponent(productId)}/sold`, { buyerId })
    .then((b) => b.product);

export function useMarkSold(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buyerId: string | null) => markSold(productId, buyerId),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
      void queryClient.invalidateQueries({ queryKey: productKeys.reviews(product.id) });
    },
  });
}
