import type { ChatMessage, Product } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';

export type ThreadProduct = NonNullable<ChatMessage['product']>;

/**
 * The product a thread is opened from (`?product=`), as the card the first message will carry:
 * null when neither of the two sells it (the server would not attach it).
 */
export function useThreadProduct(productId: string | undefined, userIds: string[]) {
  return useQuery({
    queryKey: chatKeys.product(productId ?? ''),
    enabled: productId !== undefined,
    queryFn: ({ signal }) =>
      api
        .get<{ product: Product }>(`/products/${encodeURIComponent(productId ?? '')}`, { signal })
        .then(({ product }) => product),
    select: (product): ThreadProduct | null =>
      userIds.includes(product.sellerId)
        ? {
            id: product.id,
            name: product.name,
            price: product.price,
            status: product.status,
            thumbnail: product.thumbnails[0] ?? product.images[0] ?? null,
          }
        : null,
  });
}
