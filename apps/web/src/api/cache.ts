/**
 * The query cache's keys, one per endpoint, and the updates live events apply to it. Live updates
 * and the resources' own mutations name these; importing them loads none of the fetching code.
 */
import type {
  DeliveryStatusFilter,
  Offer,
  ProductCategory,
  ProductCondition,
  ProductSort,
  RequestSort,
  RequestStatusFilter,
  Settlement,
  SettlementFilter,
  SettlementKind,
  SettlementListResponse,
} from '@campusrun/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

export const DASHBOARD_LIST_SIZE = 5;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  hostellerStats: () => [...dashboardKeys.all, 'hosteller', 'stats'] as const,
  recentRequests: () => [...dashboardKeys.all, 'hosteller', 'recent-requests'] as const,
  recentProducts: () => [...dashboardKeys.all, 'hosteller', 'recent-products'] as const,
  dayScholarStats: () => [...dashboardKeys.all, 'dayscholar', 'stats'] as const,
  activeDeliveries: () => [...dashboardKeys.all, 'dayscholar', 'active-deliveries'] as const,
  availableRequests: () => [...dashboardKeys.all, 'dayscholar', 'available'] as const,
};

/** The marketplace filters that go into the URL and into GET /products. Empty string: no filter. */
export interface ProductFilters {
  search: string;
  category: ProductCategory | '';
  condition: ProductCondition | '';
  /** Rupees, as the address has them, or ''. */
  minPrice: string;
  maxPrice: string;
  sort: ProductSort;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  saved: () => [...productKeys.all, 'saved'] as const,
  /** GET /products?sellerId&status=available: a member's own listings still on sale (not a marketplace list). */
  availableOf: (sellerId: string) => [...productKeys.all, 'available-of', sellerId] as const,
  offers: (productId: string) => [...productKeys.all, 'offers', productId] as const,
  buyers: (productId: string) => [...productKeys.all, 'buyers', productId] as const,
  reviews: (productId: string) => [...productKeys.all, 'reviews', productId] as const,
  priceGuide: (query: { category: string; name: string; excludeId?: string }) =>
    [...productKeys.all, 'price-guide', query] as const,
};

/** Puts an offer into every cached place that shows it. */
export function applyOffer(queryClient: QueryClient, offer: Offer) {
  queryClient.setQueryData<Offer[]>(productKeys.offers(offer.productId), (list) => {
    if (!list) return list;
    return list.some((o) => o.id === offer.id)
      ? list.map((o) => (o.id === offer.id ? offer : o))
      : [offer, ...list];
  });
}

/** The browse filters that go into the URL and into GET /dayscholar/requests/available. '' = none. */
export interface AvailableFilters {
  search: string;
  location: string;
  /** Text the pickup place contains. */
  pickupFrom: string;
  minFee: string;
  maxFee: string;
  sort: RequestSort;
}

export const requestKeys = {
  all: ['requests'] as const,
  lists: () => [...requestKeys.all, 'list'] as const,
  mine: (status: RequestStatusFilter) => [...requestKeys.lists(), 'mine', status] as const,
  deliveries: (status: DeliveryStatusFilter) => [...requestKeys.lists(), 'deliveries', status] as const,
  available: (filters: AvailableFilters) => [...requestKeys.lists(), 'available', filters] as const,
  detail: (id: string) => [...requestKeys.all, 'detail', id] as const,
};

export const runKeys = {
  all: ['runs'] as const,
  /** GET /runs: a hosteller's open runs and their own; a day scholar's runs to accept. */
  list: () => [...runKeys.all, 'list'] as const,
  detail: (id: string) => [...runKeys.all, 'detail', id] as const,
};

export const tripKeys = {
  all: ['trips'] as const,
  lists: () => [...tripKeys.all, 'list'] as const,
  /** GET /trips: the open trips, soonest first. */
  open: () => [...tripKeys.lists(), 'open'] as const,
  /** GET /trips/mine: a day scholar's own. */
  mine: () => [...tripKeys.lists(), 'mine'] as const,
  detail: (id: string) => [...tripKeys.all, 'detail', id] as const,
  stops: (id: string) => [...tripKeys.all, 'stops', id] as const,
  /** The hosteller's pending requests, to choose one to add to a trip. */
  pendingRequests: () => [...tripKeys.all, 'pending-requests'] as const,
};

/** GET /saved-searches: the member's saved searches (a match pushed as a notification changes their counts). */
export const savedSearchKeys = {
  list: () => ['saved-searches'] as const,
};

/** The Wanted tab's filters, in the URL and in GET /wanted. Empty string: no filter. */
export interface WantedFilters {
  search: string;
  category: ProductCategory | '';
}

export const wantedKeys = {
  all: ['wanted'] as const,
  lists: () => [...wantedKeys.all, 'list'] as const,
  /** GET /wanted?search&category: the open wanted posts, newest first. */
  list: (filters: WantedFilters) => [...wantedKeys.lists(), filters] as const,
  /** GET /wanted?posterId: one member's (their own include the closed and expired). */
  poster: (posterId: string) => [...wantedKeys.lists(), 'poster', posterId] as const,
  detail: (id: string) => [...wantedKeys.all, 'detail', id] as const,
};

/** Query keys of ratings; a new rating invalidates the rated user's. */
export const ratingKeys = {
  all: ['ratings'] as const,
  user: (userId: string) => ['ratings', 'user', userId] as const,
};

export const settlementKeys = {
  all: ['settlements'] as const,
  lists: () => [...settlementKeys.all, 'list'] as const,
  /** GET /settlements?status: the viewer's settlements in one state, newest first. */
  list: (status: SettlementFilter) => [...settlementKeys.lists(), status] as const,
  /** GET /settlements/summary: what the viewer owes and is owed, in all and per person. */
  summary: () => [...settlementKeys.all, 'summary'] as const,
  /** GET /settlements/earnings: what the viewer earned and spent, week by week. */
  earnings: () => [...settlementKeys.all, 'earnings'] as const,
  lookups: () => [...settlementKeys.all, 'for'] as const,
  /** GET /settlements/for: the settlement of one request or sale (null when the viewer is no party). */
  lookup: (kind: SettlementKind, targetId: string) => [...settlementKeys.lookups(), kind, targetId] as const,
};

type Pages = InfiniteData<SettlementListResponse, unknown>;

/**
 * A newer copy of a settlement: its request's or product's card takes it, and so does every cached
 * list showing it, in place; the totals are fetched again.
 */
export function applySettlement(queryClient: QueryClient, settlement: Settlement) {
  if (settlement.thing.id)
    queryClient.setQueryData(settlementKeys.lookup(settlement.kind, settlement.thing.id), settlement);
  queryClient.setQueriesData<Pages>({ queryKey: settlementKeys.lists() }, (data) => {
    if (!data?.pages.some((page) => page.settlements.some((s) => s.id === settlement.id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        settlements: page.settlements.map((s) => (s.id === settlement.id ? settlement : s)),
      })),
    };
  });
  void queryClient.invalidateQueries({ queryKey: settlementKeys.summary() });
  // A new settlement is a completed delivery, and a tip counts in the earnings (the dashboard's too).
  void queryClient.invalidateQueries({ queryKey: settlementKeys.earnings() });
  if (settlement.kind === 'request')
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.dayScholarStats() });
}
