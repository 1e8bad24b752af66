import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange, productKeys } from './keys';

/** DELETE /products/{id} → 204 (the seller; its photos go too). */
export const deleteProduct = (id: string) => api.delete<null>(`/products/${encodeURIComponent(id)}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_data, id) => {
      // Stale, not removed: the page still showing it leaves first; a later visit refetches (404).
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(id), refetchType: 'none' });
      invalidateAfterProductChange(queryClient);
    },
  });
}
