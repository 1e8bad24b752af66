import type { DeliveryListResponse } from '@campusrun/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_LIST_SIZE, dashboardKeys, dashboardQuery } from './keys';

/** GET /dayscholar/deliveries/active?limit → { deliveries, nextCursor }. */
export const getActiveDeliveries = (signal?: AbortSignal) =>
  api
    .get<DeliveryListResponse>('/dayscholar/deliveries/active', {
      signal,
      params: { limit: DASHBOARD_LIST_SIZE },
    })
    .then((b) => b.deliveries);

export const activeDeliveriesQuery = () =>
  dashboardQuery(dashboardKeys.activeDeliveries(), getActiveDeliveries);

export const useActiveDeliveries = () => useQuery(activeDeliveriesQuery());
