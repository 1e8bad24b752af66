import type { DeliveryRequest, Product } from '@campusrun/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type LaterRefetches, refetchLoading, removeById, replaceById } from '@/lib/live-cache';
import { DASHBOARD_LIST_SIZE, dashboardKeys } from '@/api/cache';

const ownListKeys: QueryKey[] = [
  dashboardKeys.recentRequests(),
  dashboardKeys.activeDeliveries(),
  dashboardKeys.hostellerStats(),
  dashboardKeys.dayScholarStats(),
];

/**
 * The dashboards' cache under the socket's request and product events: their lists take a party's
 * new copy of a request in place, the day scholar's preview of available requests gains one at the
 * top or loses it, and the counters (stats) refetch at most once per burst.
 */
export function dashboardLive(queryClient: QueryClient, later: LaterRefetches) {
  /** Removes a request from the day scholar's preview of available requests. */
  function withdraw(id: string) {
    refetchLoading(queryClient, later, dashboardKeys.availableRequests());
    queryClient.setQueryData<DeliveryRequest[]>(dashboardKeys.availableRequests(), (list) =>
      list ? removeById(list, id) : list,
    );
  }

  return {
    requestUpdated(request: DeliveryRequest) {
      for (const key of [dashboardKeys.recentRequests(), dashboardKeys.activeDeliveries()])
        queryClient.setQueryData<DeliveryRequest[]>(key, (list) =>
          list ? replaceById(list, request) : list,
        );
      if (!request.can.accept) withdraw(request.id);
      later.add(...ownListKeys);
    },

    requestAvailable(request: DeliveryRequest) {
      refetchLoading(queryClient, later, dashboardKeys.availableRequests());
      queryClient.setQueryData<DeliveryRequest[]>(dashboardKeys.availableRequests(), (list) =>
        list ? [request, ...list.filter((r) => r.id !== request.id)].slice(0, DASHBOARD_LIST_SIZE) : list,
      );
      later.add(dashboardKeys.dayScholarStats());
    },

    requestUnavailable(id: string) {
      withdraw(id);
      later.add(dashboardKeys.dayScholarStats());
    },

    /** The seller's own product changed: their recent products and counts follow. */
    productUpdated(product: Product) {
      if (product.can.edit) later.add(dashboardKeys.recentProducts(), dashboardKeys.hostellerStats());
    },

    productRemoved() {
      later.add(dashboardKeys.recentProducts(), dashboardKeys.hostellerStats());
    },

    reconnected() {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  };
}
