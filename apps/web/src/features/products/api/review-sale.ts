import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

export interface SaleReviewBody {
  rating: number;
  comment?: string;
  ratingType: 'buyer_to_seller' | 'seller_to_buyer';
}

/** POST /ratings for a sale → { message }. */
export const reviewSale = (productId: string, body: SaleReviewBody) =>
  api.post<{ message: string }>('/ratings', { ...body, productId });

export function useReviewSale(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaleReviewBody) => reviewSale(productId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.reviews(productId) }),
  });
}
