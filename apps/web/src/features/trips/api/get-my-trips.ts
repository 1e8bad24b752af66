import type { Trip, TripListResponse } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './keys';

/** GET /trips/mine → { trips } (a day scholar's open trips, and closed ones with requests riding). */
export const getMyTrips = (signal?: AbortSignal): Promise<Trip[]> =>
  api.get<TripListResponse>('/trips/mine', { signal }).then((body) => body.trips);

export const myTripsQuery = () =>
  queryOptions({ queryKey: tripKeys.mine(), queryFn: ({ signal }) => getMyTrips(signal) });

export function useMyTrips({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myTripsQuery(), enabled });
}
