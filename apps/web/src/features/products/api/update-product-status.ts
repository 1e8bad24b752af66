import type { ProductResponse, ProductStatus } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange, productKeys } from './keys';

/** PATCH /products/{id}/status { status } → { product } (the seller). */
export const updateProductStatus = ({ id, status }: { id: string; status: ProductStatus }) =>
  api
    .patch<ProductResponse>(`/products/${encodeURIComponent(id)}/status`, { status })
    .then((res) => res.product);

export function useUpdateProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductStatus,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
    },
  });
}
