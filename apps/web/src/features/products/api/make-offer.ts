import type { Offer } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyOffer } from './keys';

/** POST /products/{id}/offers { amount } → { offer, message }. */
export const makeOffer = (productId: string, amount: number) =>
  api.post<{ offer: Offer; message: string }>(`/products/${encodeURIComponent(productId)}/offers`, {
    amount,
  });

export function useMakeOffer(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => makeOffer(productId, amount),
    onSuccess: ({ offer }) => applyOffer(queryClient, offer),
  });
}
