import {
  PRICE_GUIDE_LIMITS,
  type ChatMessage,
  type CreateProductBody,
  type PriceGuideQuery,
  type Product,
  type ProductCategory,
  type ProductListResponse,
  type ProductStatus,
  type UpdateProductBody,
} from '@campusrun/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { resizePhotos } from '@/lib/resize-photo';
import * as endpoints from './endpoints/products';
import * as offerEndpoints from './endpoints/offers';
import { createRating } from './ratings';
import * as ratingsApi from './endpoints/ratings';
import { type ProductFilters, productKeys, applyOffer } from './cache';

/**
 * After the seller's own change to a product: product lists refetch (the one on screen now, the
 * others when shown). Other screens follow the socket's entity events (app/live-updates.ts);
 * dashboards refetch whenever they open.
 */
function invalidateAfterProductChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
}

interface CreateProductVariables {
  body: CreateProductBody;
  /** 1 to 5 photos in display order (the first is the cover). */
  images: File[];
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /products, multipart with the photos (resized on this device first) as repeated `images`
 * files → 201 { product }.
 */
async function createProduct({ body, images, onProgress }: CreateProductVariables) {
  const photos = await resizePhotos(images);
  const form = new FormData();
  form.append('name', body.name);
  form.append('description', body.description);
  form.append('price', String(body.price));
  form.append('category', body.category);
  form.append('condition', body.condition);
  form.append('quantity', String(body.quantity));
  form.append('isNegotiable', String(body.isNegotiable));
  for (const photo of photos) form.append('images', photo, photo.name);
  return endpoints.create({ body: form }, { onProgress }).then((res) => res.product);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
    },
  });
}

export type OfferDecision = 'accept' | 'decline' | 'withdraw';

const DECISIONS = {
  accept: offerEndpoints.accept,
  decline: offerEndpoints.decline,
  withdraw: offerEndpoints.withdraw,
} satisfies Record<OfferDecision, unknown>;

/** PUT /offers/{id}/accept|decline (the seller) or /withdraw (the buyer) → { offer, message }. */
export const decideOffer = ({ id, action }: { id: string; action: OfferDecision }) =>
  DECISIONS[action]({ params: { id } });

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

/** DELETE /products/{id} → 204 (the seller; its photos go too). */
const deleteProduct = (id: string) => endpoints.remove({ params: { id } });

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

/** GET /products/{id}/buyers (the seller) → the candidates, and whose offer was accepted. */
const getBuyerCandidates = (productId: string, signal?: AbortSignal) =>
  endpoints.buyers({ params: { id: productId } }, { signal }).then((b) => ({
    buyers: b.buyers,
    acceptedBuyerId: b.acceptedBuyerId ?? null,
    acceptedAmount: b.acceptedAmount ?? null,
  }));

const buyerCandidatesQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.buyers(productId),
    queryFn: ({ signal }) => getBuyerCandidates(productId, signal),
  });

export function useBuyerCandidates(productId: string, enabled: boolean) {
  return useQuery({ ...buyerCandidatesQuery(productId), enabled });
}

/** GET /products/{id}/offers → { offers }: the seller's all, a buyer's own. */
const getOffers = (productId: string, signal?: AbortSignal) =>
  offerEndpoints.list({ params: { id: productId } }, { signal }).then((b) => b.offers);

const offersQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.offers(productId),
    queryFn: ({ signal }) => getOffers(productId, signal),
  });

export function useOffers(productId: string, enabled = true) {
  return useQuery({ ...offersQuery(productId), enabled });
}

/** GET /products/{id} → { product }; 404 'Product not found'. */
const getProduct = (id: string, signal?: AbortSignal) =>
  endpoints.get({ params: { id } }, { signal }).then((body) => body.product);

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

/** Divisible by 2, 3 and 4: full rows in every grid width. */
const PRODUCTS_PAGE_SIZE = 24;

/**
 * GET /products?search&category&condition&minPrice&maxPrice&sort&limit&cursor → { products, nextCursor }
 * (sold hidden).
 */
const getProducts = (filters: ProductFilters & { cursor?: string; limit?: number }, signal?: AbortSignal) =>
  endpoints.list(
    {
      query: {
        search: filters.search,
        category: filters.category,
        condition: filters.condition,
        minPrice: filters.minPrice,
        maxPrice: filters.maxPrice,
        sort: filters.sort,
        limit: filters.limit ?? PRODUCTS_PAGE_SIZE,
        cursor: filters.cursor,
      },
    },
    { signal },
  );

const productsInfiniteQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProducts({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The marketplace pages; the previous results stay on screen while a new filter loads. */
export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery({ ...productsInfiniteQuery(filters), placeholderData: keepPreviousData });
}

/**
 * GET /products?sellerId&status=available&limit=100 → the member's own listings on sale, newest
 * first: the ones they may link to an answer. One page of the most a page holds is plenty to choose from.
 */
const getAvailableListings = (sellerId: string, signal?: AbortSignal) =>
  endpoints
    .list({ query: { sellerId, status: 'available', limit: 100 } }, { signal })
    .then((body) => body.products);

export function useAvailableListings(sellerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: productKeys.availableOf(sellerId),
    queryFn: ({ signal }) => getAvailableListings(sellerId, signal),
    enabled,
  });
}

/** GET /products/{id}/reviews → the sale's reviews by its buyer and seller. */
const getSaleReviews = (productId: string, signal?: AbortSignal) =>
  ratingsApi.saleReviews({ params: { id: productId } }, { signal });

const saleReviewsQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.reviews(productId),
    queryFn: ({ signal }) => getSaleReviews(productId, signal),
  });

export function useSaleReviews(productId: string, enabled: boolean) {
  return useQuery({ ...saleReviewsQuery(productId), enabled });
}

/** GET /products/price-guide?category&name&excludeId → what similar items sold for, or null. */
const getPriceGuide = (query: PriceGuideQuery, signal?: AbortSignal) =>
  endpoints.priceGuide({ query }, { signal }).then((b) => b.guide ?? null);

/** A word of two letters or digits: a name without one has nothing to match (the server's rule). */
const HAS_WORD = /[\p{L}\p{N}]{2}/u;

/**
 * What similar items sold for on campus, asked once a category is chosen and the name has a word
 * (the caller debounces the name). Sales change slowly: an answer is kept for five minutes. A
 * refusal (the per-account limit) is not retried: the form then shows nothing.
 */
export function usePriceGuide(input: { category: ProductCategory | ''; name: string; excludeId?: string }) {
  const name = input.name.trim().slice(0, PRICE_GUIDE_LIMITS.nameMax);
  const { category, excludeId } = input;
  return useQuery({
    queryKey: productKeys.priceGuide({ category, name, excludeId }),
    queryFn: ({ signal }) =>
      getPriceGuide({ category: category as ProductCategory, name, excludeId }, signal),
    enabled: category !== '' && HAS_WORD.test(name),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /products/saved?limit&cursor → { products, nextCursor } (the viewer's saved products). */
const getSavedProducts = (cursor: string, signal?: AbortSignal) =>
  endpoints.saved({ query: { limit: 20, ...(cursor ? { cursor } : {}) } }, { signal });

const savedProductsQuery = () =>
  infiniteQueryOptions({
    queryKey: productKeys.saved(),
    queryFn: ({ pageParam, signal }) => getSavedProducts(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSavedProducts() {
  return useInfiniteQuery(savedProductsQuery());
}

/** POST /products/{id}/offers { amount } → { offer, message }. */
const makeOffer = (productId: string, amount: number) =>
  offerEndpoints.make({ params: { id: productId }, body: { amount } });

export function useMakeOffer(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => makeOffer(productId, amount),
    onSuccess: ({ offer }) => applyOffer(queryClient, offer),
  });
}

/** PUT /products/{id}/sold { buyerId? } → { product } (the seller). */
const markSold = (productId: string, buyerId: string | null) =>
  endpoints.markSold({ params: { id: productId }, body: { buyerId } }).then((b) => b.product);

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

export interface SaleReviewBody {
  rating: number;
  comment?: string;
  ratingType: 'buyer_to_seller' | 'seller_to_buyer';
}

/** POST /ratings for a sale. */
const reviewSale = (productId: string, body: SaleReviewBody) => createRating({ ...body, productId });

export function useReviewSale(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaleReviewBody) => reviewSale(productId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.reviews(productId) }),
  });
}

/** PUT /products/{id}/save (save) or DELETE (unsave) → { isSaved, message }. */
const toggleSavedProduct = ({ id, save }: { id: string; save: boolean }) =>
  save ? endpoints.save({ params: { id } }) : endpoints.unsave({ params: { id } });

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

/** PATCH /products/{id}/status { status } → { product } (the seller). */
const updateProductStatus = ({ id, status }: { id: string; status: ProductStatus }) =>
  endpoints.setStatus({ params: { id }, body: { status } }).then((res) => res.product);

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

/** POST /products/{id}/renew and /bump: the seller keeps a listing up, or moves it to the top of "Newest". */
export function useProductLifetime() {
  const queryClient = useQueryClient();
  const onSuccess = (product: Product) => {
    queryClient.setQueryData(productKeys.detail(product.id), product);
    invalidateAfterProductChange(queryClient);
  };
  return {
    renew: useMutation({
      mutationFn: (id: string) => endpoints.renew({ params: { id } }).then((res) => res.product),
      onSuccess,
    }),
    bump: useMutation({
      mutationFn: (id: string) => endpoints.bump({ params: { id } }).then((res) => res.product),
      onSuccess,
    }),
  };
}

interface UpdateProductVariables {
  id: string;
  body: Omit<UpdateProductBody, 'existingImages'>;
  /** The current image URLs to keep, in order (an empty list removes them all). */
  existingImages: string[];
  newImages: File[];
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /products/{id}, multipart: the fields, the kept image URLs (one JSON array field, so that an
 * empty list is sent too: an absent field would keep every image) and the new `images` files
 * (resized on this device first).
 */
async function updateProduct({ id, body, existingImages, newImages, onProgress }: UpdateProductVariables) {
  const photos = await resizePhotos(newImages);
  const form = new FormData();
  form.append('name', body.name);
  form.append('description', body.description);
  form.append('price', String(body.price));
  if (body.category !== undefined) form.append('category', body.category);
  if (body.condition !== undefined) form.append('condition', body.condition);
  if (body.quantity !== undefined) form.append('quantity', String(body.quantity));
  if (body.isNegotiable !== undefined) form.append('isNegotiable', String(body.isNegotiable));
  form.append('existingImages', JSON.stringify(existingImages));
  for (const photo of photos) form.append('images', photo, photo.name);
  return endpoints.update({ params: { id }, body: form }, { onProgress }).then((res) => res.product);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      invalidateAfterProductChange(queryClient);
    },
  });
}

export type ThreadProduct = NonNullable<ChatMessage['product']>;

/**
 * The product a chat thread is opened from (`?product=`), as the card the first message will carry:
 * null when neither of the two sells it (the server would not attach it).
 */
export function useThreadProduct(productId: string | undefined, userIds: string[]) {
  return useQuery({
    ...productQuery(productId ?? ''),
    enabled: productId !== undefined,
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
