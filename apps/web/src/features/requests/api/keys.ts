import type { DeliveryStatusFilter, RequestSort, RequestStatusFilter } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';

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

/**
 * After the viewer's own change to a request: its lists refetch (the one on screen now, the others
 * when shown). Other screens follow the socket's entity events (app/live-updates.ts); dashboards
 * refetch whenever they open.
 */
export function invalidateAfterRequestChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
}

/** Toasts of the request and rating pages close after 3 seconds: short news that should not pile up. */
export const REQUEST_TOAST = { autoClose: 3000 } as const;
