import type { CreateTripBody, DeliveryRequest, Trip } from '@campusrun/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getMyRequests } from './requests';
import * as endpoints from './endpoints/trips';
import { requestKeys, tripKeys } from './cache';

/**
 * After the viewer's own change to a trip: its detail takes the returned copy, the lists refetch, and
 * so do the stop list and the viewer's pending requests (one now rides on the trip, or is back).
 */
function applyTripChange(queryClient: QueryClient, trip: Trip) {
  queryClient.setQueryData(tripKeys.detail(trip.id), trip);
  void queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: tripKeys.stops(trip.id) });
  void queryClient.invalidateQueries({ queryKey: tripKeys.pendingRequests() });
}

/** Toasts of the trip pages close after 3 seconds, like the request pages'. */
export const TRIP_TOAST = { autoClose: 3000 } as const;

/**
 * PUT /trips/{id}/attach | /detach (hosteller) { requestId } → { trip }. Attach refuses with 409
 * (full, cutoff passed), 400 (the request is due before the trip arrives) or 403 (blocked); detach
 * with 409 once the runner picked the request up (`pickedUp`), when the trip is read afresh so its
 * Remove goes.
 */
const attachRequest = ({
  tripId,
  requestId,
  action,
}: {
  tripId: string;
  requestId: string;
  action: 'attach' | 'detach';
}) => endpoints[action]({ params: { id: tripId }, body: { requestId } }).then((res) => res.trip);

export function useAttachRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachRequest,
    // The request itself changed too (accepted by the runner, or pending again): the server says so
    // with request:updated, which app/live-updates.ts puts in the requests' cache; its page also reads
    // it again, so it shows the change without waiting for the socket.
    onSuccess: (trip, { requestId }) => {
      applyTripChange(queryClient, trip);
      void queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) });
    },
    onError: (error, { tripId }) => {
      if (error instanceof ApiError && error.reason === 'pickedUp')
        void queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
    },
  });
}

/** PUT /trips/{id}/cancel (the runner) → { trip }. */
const cancelTrip = (id: string) => endpoints.cancel({ params: { id } }).then((res) => res.trip);

export function useCancelTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTrip,
    onSuccess: (trip) => applyTripChange(queryClient, trip),
  });
}

/**
 * POST /trips (day scholar) { from, arriveAt, cutoffAt, capacity, note? } → 201 { trip }; the times
 * go as ISO 8601 with Z. 400 with field errors; 409 when they already have an open trip.
 */
const createTrip = (body: CreateTripBody) =>
  endpoints
    .create({
      body: {
        ...body,
        arriveAt: body.arriveAt.toISOString(),
        cutoffAt: body.cutoffAt.toISOString(),
      },
    })
    .then((res) => res.trip);

export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrip,
    onSuccess: (trip) => applyTripChange(queryClient, trip),
  });
}

/** GET /trips/mine → { trips } (a day scholar's open trips, and closed ones with requests riding). */
const getMyTrips = (signal?: AbortSignal): Promise<Trip[]> =>
  endpoints.mine({ signal }).then((body) => body.trips);

const myTripsQuery = () =>
  queryOptions({ queryKey: tripKeys.mine(), queryFn: ({ signal }) => getMyTrips(signal) });

export function useMyTrips({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myTripsQuery(), enabled });
}

/**
 * GET /requests/my-requests?status=pending&limit=20 → { requests } (the hosteller's own pending
 * requests, newest first): the ones they may add to a trip. One page is plenty to choose from.
 */
const getPendingRequests = (signal?: AbortSignal): Promise<DeliveryRequest[]> =>
  getMyRequests('pending', undefined, signal).then((body) => body.requests);

const pendingRequestsQuery = () =>
  queryOptions({ queryKey: tripKeys.pendingRequests(), queryFn: ({ signal }) => getPendingRequests(signal) });

export function usePendingRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingRequestsQuery(), enabled });
}

/** GET /trips/{id}/stops (the runner) → { stops } (pickups first, grouped by place; then drops). */
const getTripStops = (id: string, signal?: AbortSignal) =>
  endpoints.stops({ params: { id } }, { signal }).then((body) => body.stops);

const tripStopsQuery = (id: string) =>
  queryOptions({ queryKey: tripKeys.stops(id), queryFn: ({ signal }) => getTripStops(id, signal) });

export function useTripStops(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tripStopsQuery(id), enabled });
}

/** GET /trips/{id} → { trip } (the runner sees every attached request; a hosteller their own). */
const getTrip = (id: string, signal?: AbortSignal) =>
  endpoints.get({ params: { id } }, { signal }).then((body) => body.trip);

const tripQuery = (id: string) =>
  queryOptions({ queryKey: tripKeys.detail(id), queryFn: ({ signal }) => getTrip(id, signal) });

export function useTrip(id: string) {
  return useQuery(tripQuery(id));
}

/** GET /trips → { trips } (the open trips, soonest first; `requests` empty). */
const getTrips = (signal?: AbortSignal): Promise<Trip[]> =>
  endpoints.list({ signal }).then((body) => body.trips);

const tripsQuery = () =>
  queryOptions({ queryKey: tripKeys.open(), queryFn: ({ signal }) => getTrips(signal) });

export function useTrips() {
  return useQuery(tripsQuery());
}
