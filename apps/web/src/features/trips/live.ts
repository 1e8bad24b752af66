import type { Trip } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';
import { markFresh } from '@/lib/fresh';
import { type LaterRefetches, removeById, replaceById } from '@/lib/live-cache';
import { tripKeys } from '@/api/cache';

/**
 * The trips' cache under trip:available / trip:updated / trip:removed: the open trips gain a new trip
 * (soonest first), take the new copy or lose it; the trip's page (what it shows is the viewer's own)
 * refetches; its stop list, the day scholar's own trips and the hosteller's pending requests refetch
 * shortly after.
 */
export function tripsLive(queryClient: QueryClient, later: LaterRefetches) {
  return {
    available(trip: Trip) {
      markFresh(trip.id);
      queryClient.setQueryData<Trip[]>(tripKeys.open(), (list) =>
        list
          ? [...list.filter((t) => t.id !== trip.id), trip].sort(
              (a, b) => Date.parse(a.arriveAt) - Date.parse(b.arriveAt),
            )
          : list,
      );
      later.add(tripKeys.mine());
    },

    updated(trip: Trip) {
      // A trip's page shows what only its viewer may see (their requests on it, what they may do),
      // so it is fetched again rather than replaced by a copy pushed to several people.
      void queryClient.invalidateQueries({ queryKey: tripKeys.detail(trip.id), exact: true });
      queryClient.setQueryData<Trip[]>(tripKeys.open(), (list) =>
        list ? (trip.status === 'open' ? replaceById(list, trip) : removeById(list, trip.id)) : list,
      );
      queryClient.setQueryData<Trip[]>(tripKeys.mine(), (list) => (list ? replaceById(list, trip) : list));
      later.add(tripKeys.stops(trip.id), tripKeys.mine(), tripKeys.pendingRequests());
    },

    removed(id: string) {
      queryClient.setQueryData<Trip[]>(tripKeys.open(), (list) => (list ? removeById(list, id) : list));
      void queryClient.invalidateQueries({ queryKey: tripKeys.detail(id), exact: true });
      later.add(tripKeys.mine(), tripKeys.pendingRequests());
    },

    reconnected() {
      void queryClient.invalidateQueries({ queryKey: tripKeys.all });
    },
  };
}
