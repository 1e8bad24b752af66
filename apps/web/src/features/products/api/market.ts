import type {
  BuyerCandidates,
  Offer,
  Product,
  ProductListResponse,
  ProductResponse,
  SaleReviews,
} from '@campusrun/shared';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterProductChange, productKeys } from './keys';

export const marketKeys = {
  saved: () => [...productKeys.all, 'saved'] as const,
  offers: (productId: string) => [...productKeys.all, 'offers', productId] as const,
  buyers: (productId: string) => [...productKeys.all, 'buyers', productId] as const,
  reviews: (productId: string) => [...productKeys.all, 'reviews', productId] as const,
};

const productUrl = (id: string, rest = '') => `/products/${encodeURIComponent(id)}${rest}`;

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

/** PUT or DELETE /products/{id}/save. */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: string; save: boolean }) =>
      (save ? api.put : api.delete)<{ isSaved: boolean; message: string }>(productUrl(id, '/save')),
    onMutate: ({ id, save }) => markSaved(queryClient, id, save),
    onError: (_e, { id, save }) => markSaved(queryClient, id, !save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.saved() }),
  });
}

/** GET /products/saved, page by page. */
export function useSavedProducts() {
  return useInfiniteQuery({
    queryKey: marketKeys.saved(),
    queryFn: ({ pageParam, signal }) =>
      api.get<ProductListResponse>('/products/saved', {
        signal,
        params: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /products/{id}/offers: the seller's all, a buyer's own. */
export function useOffers(productId: string, enabled = true) {
  return useQuery({
    queryKey: marketKeys.offers(productId),
    queryFn: ({ signal }) =>
      api.get<{ offers: Offer[] }>(productUrl(productId, '/offers'), { signal }).then((b) => b.offers),
    enabled,
  });
}

/** Puts an offer into every cached place that shows it. */
export function applyOffer(queryClient: QueryClient, offer: Offer) {
  queryClient.setQueryData<Offer[]>(marketKeys.offers(offer.productId), (list) => {
    if (!list) return list;
    return list.some((o) => o.id === offer.id)
      ? list.map((o) => (o.id === offer.id ? offer : o))
      : [offer, ...list];
  });
}

export function useMakeOffer(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) =>
      api.post<{ offer: Offer; message: string }>(productUrl(productId, '/offers'), { amount }),
    onSuccess: ({ offer }) => applyOffer(queryClient, offer),
  });
}

export function useDecideOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'accept' | 'decline' | 'withdraw' }) =>
      api.put<{ offer: Offer; message: string }>(`/offers/${encodeURIComponent(id)}/${action}`),
    onSuccess: ({ offer }) => {
      applyOffer(queryClient, offer);
      void queryClient.invalidateQueries({ queryKey: marketKeys.offers(offer.productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(offer.productId) });
      // Who bought it: the accepted offer's buyer comes first.
      void queryClient.invalidateQueries({ queryKey: marketKeys.buyers(offer.productId) });
    },
  });
}

/** GET /products/{id}/buyers (the seller): the candidates, and whose offer was accepted. */
export function useBuyerCandidates(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: marketKeys.buyers(productId),
    queryFn: ({ signal }) =>
      api
        .get<BuyerCandidates>(productUrl(productId, '/buyers'), { signal })
        .then((b) => ({ buyers: b.buyers, acceptedBuyerId: b.acceptedBuyerId ?? null })),
    enabled,
  });
}

/** PUT /products/{id}/sold { buyerId? }. */
export function useMarkSold(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buyerId: string | null) =>
      api.put<ProductResponse>(productUrl(productId, '/sold'), { buyerId }).then((b) => b.product),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
      void queryClient.invalidateQueries({ queryKey: marketKeys.reviews(product.id) });
    },
  });
}

/** GET /products/{id}/reviews. */
export function useSaleReviews(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: marketKeys.reviews(productId),
    queryFn: ({ signal }) => api.get<SaleReviews>(productUrl(productId, '/reviews'), { signal }),
    enabled,
  });
}

/** POST /ratings for a sale. */
export function useReviewSale(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      rating: number;
      comment?: string;
      ratingType: 'buyer_to_seller' | 'seller_to_buyer';
    }) => api.post<{ message: string }>('/ratings', { ...body, productId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.reviews(productId) }),
  });
}
