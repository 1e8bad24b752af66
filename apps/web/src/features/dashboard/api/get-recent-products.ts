import type { RecentProduct } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_LIST_SIZE, dashboardKeys, dashboardQuery } from './keys';

/** GET /hosteller/products/recent?limit → { products }. */
export const getRecentProducts = (signal?: AbortSignal) =>
  api
    .get<{ products: RecentProduct[] }>('/hosteller/products/recent', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE },
    })
    .then((b) => b.products);

export const recentProductsQuery = () => dashboardQuery(dashboardKeys.recentProducts(), getRecentProducts);

export const useRecentProducts = () => useQuery(recentProductsQuery());
