import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import * as requestsApi from './endpoints/requests';
import * as endpoints from './endpoints/dashboard';
import { DASHBOARD_LIST_SIZE, dashboardKeys } from './cache';

/** Data younger than this counts as just fetched: a dashboard opened with it asks no more. */
const JUST_FETCHED_MS = 5_000;

/**
 * A dashboard query's options: dashboards always show fresh numbers when opened; the numbers the
 * page arrived with (drawn by the server a moment ago) are fresh.
 */
const dashboardQuery = <T>(queryKey: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetcher(signal),
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS,
  });

/** GET /dayscholar/deliveries/active?limit → { deliveries, nextCursor }. */
const getActiveDeliveries = (signal?: AbortSignal) =>
  requestsApi
    .activeDeliveries({ query: { limit: DASHBOARD_LIST_SIZE } }, { signal })
    .then((b) => b.deliveries);

const activeDeliveriesQuery = () => dashboardQuery(dashboardKeys.activeDeliveries(), getActiveDeliveries);

export const useActiveDeliveries = () => useQuery(activeDeliveriesQuery());

/** GET /dayscholar/stats → { stats }. */
const getDayScholarStats = (signal?: AbortSignal) =>
  endpoints.dayScholarStats({ signal }).then((b) => b.stats);

const dayScholarStatsQuery = () => dashboardQuery(dashboardKeys.dayScholarStats(), getDayScholarStats);

export const useDayScholarStats = () => useQuery(dayScholarStatsQuery());

/** GET /hosteller/stats → { stats }. */
const getHostellerStats = (signal?: AbortSignal) => endpoints.hostellerStats({ signal }).then((b) => b.stats);

const hostellerStatsQuery = () => dashboardQuery(dashboardKeys.hostellerStats(), getHostellerStats);

export const useHostellerStats = () => useQuery(hostellerStatsQuery());

/** GET /hosteller/products/recent?limit → { products }. */
const getRecentProducts = (signal?: AbortSignal) =>
  endpoints.recentProducts({ query: { limit: DASHBOARD_LIST_SIZE } }, { signal }).then((b) => b.products);

const recentProductsQuery = () => dashboardQuery(dashboardKeys.recentProducts(), getRecentProducts);

export const useRecentProducts = () => useQuery(recentProductsQuery());

/** GET /hosteller/requests/recent?limit → { requests }. */
const getRecentRequests = (signal?: AbortSignal) =>
  requestsApi.recent({ query: { limit: DASHBOARD_LIST_SIZE } }, { signal }).then((b) => b.requests);

const recentRequestsQuery = () => dashboardQuery(dashboardKeys.recentRequests(), getRecentRequests);

export const useRecentRequests = () => useQuery(recentRequestsQuery());
