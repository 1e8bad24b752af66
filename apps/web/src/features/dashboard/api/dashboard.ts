import type {
  DayScholarStats,
  DeliveryListResponse,
  HostellerStats,
  RecentProduct,
  RequestListResponse,
} from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

/** GET /hosteller/stats → { stats }. */
export const getHostellerStats = (signal?: AbortSignal) =>
  api.get<{ stats: HostellerStats }>('/hosteller/stats', { signal }).then((b) => b.stats);
/** GET /hosteller/requests/recent?limit → { requests }. */
export const getRecentRequests = (signal?: AbortSignal) =>
  api
    .get<{ requests: RequestListResponse['requests'] }>('/hosteller/requests/recent', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE },
    })
    .then((b) => b.requests);
/** GET /hosteller/products/recent?limit → { products }. */
export const getRecentProducts = (signal?: AbortSignal) =>
  api
    .get<{ products: RecentProduct[] }>('/hosteller/products/recent', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE },
    })
    .then((b) => b.products);
/** GET /dayscholar/stats → { stats }. */
export const getDayScholarStats = (signal?: AbortSignal) =>
  api.get<{ stats: DayScholarStats }>('/dayscholar/stats', { signal }).then((b) => b.stats);
/** GET /dayscholar/deliveries/active?limit → { deliveries, nextCursor }. */
export const getActiveDeliveries = (signal?: AbortSignal) =>
  api
    .get<DeliveryListResponse>('/dayscholar/deliveries/active', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE },
    })
    .then((b) => b.deliveries);
/** GET /dayscholar/requests/available?limit (newest first) → { requests, nextCursor }. */
export const getAvailablePreview = (signal?: AbortSignal) =>
  api
    .get<RequestListResponse>('/dayscholar/requests/available', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE, sort: 'newest' },
    })
    .then((b) => b.requests);

// Dashboards always show fresh numbers when opened.
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

export const useHostellerStats = () =>
  useQuery({
    queryKey: dashboardKeys.hostellerStats(),
    queryFn: ({ signal }) => getHostellerStats(signal),
    ...fresh,
  });
export const useRecentRequests = () =>
  useQuery({
    queryKey: dashboardKeys.recentRequests(),
    queryFn: ({ signal }) => getRecentRequests(signal),
    ...fresh,
  });
export const useRecentProducts = () =>
  useQuery({
    queryKey: dashboardKeys.recentProducts(),
    queryFn: ({ signal }) => getRecentProducts(signal),
    ...fresh,
  });
export const useDayScholarStats = () =>
  useQuery({
    queryKey: dashboardKeys.dayScholarStats(),
    queryFn: ({ signal }) => getDayScholarStats(signal),
    ...fresh,
  });
export const useActiveDeliveries = () =>
  useQuery({
    queryKey: dashboardKeys.activeDeliveries(),
    queryFn: ({ signal }) => getActiveDeliveries(signal),
    ...fresh,
  });
export const useAvailablePreview = () =>
  useQuery({
    queryKey: dashboardKeys.availableRequests(),
    queryFn: ({ signal }) => getAvailablePreview(signal),
    ...fresh,
  });
