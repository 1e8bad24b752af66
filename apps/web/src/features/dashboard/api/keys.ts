import { type QueryKey, queryOptions } from '@tanstack/react-query';

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

/** A dashboard query's options: dashboards always show fresh numbers when opened. */
export const dashboardQuery = <T>(queryKey: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetcher(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
