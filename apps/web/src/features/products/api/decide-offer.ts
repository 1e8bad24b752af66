import type { Offer } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyOffer, productKeys } from './keys';

export type OfferDecision = 'accept' | 'decline' | 'withdraw';

/** PUT /offers/{id}/accept|decline (the seller) or /withdraw (the buyer) → { offer, message }. */
export const decideOffer = ({ id, action }: { id: string; action: OfferDecision }) =>
  api.put<{ offer: Offer; message: string }>(`/offers/${encodeURIComponent(id)}/${action}`);

export function useDecideOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOffer,
    onSuccess: ({ offer }) => {
      applyOffer(queryClient, offer);
      void queryClient.invalidateQueries({ queryKey: productKeys.offers(offer.productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(offer.productId) });
      // Who bought it: the accepted offer's buyer comes first.
      void queryClient.invalidateQueries({ queryKey: productKeys.buyers(offer.productId) });
    },
  });
}
