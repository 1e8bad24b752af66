import type { Trip } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';

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

/**
 * After the viewer's own change to a trip: its detail takes the returned copy, the lists refetch, and
 * so do the stop list and the viewer's pending requests (one now rides on the trip, or is back).
 */
export function applyTripChange(queryClient: QueryClient, trip: Trip) {
  queryClient.setQueryData(tripKeys.detail(trip.id), trip);
  void queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: tripKeys.stops(trip.id) });
  void queryClient.invalidateQueries({ queryKey: tripKeys.pendingRequests() });
}

/** Toasts of the trip pages close after 3 seconds, like the request pages'. */
export const TRIP_TOAST = { autoClose: 3000 } as const;
