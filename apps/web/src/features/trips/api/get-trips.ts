import type { Trip, TripListResponse } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './keys';

/** GET /trips → { trips } (the open trips, soonest first; `requests` empty). */
export const getTrips = (signal?: AbortSignal): Promise<Trip[]> =>
  api.get<TripListResponse>('/trips', { signal }).then((body) => body.trips);

export const tripsQuery = () =>
  queryOptions({ queryKey: tripKeys.open(), queryFn: ({ signal }) => getTrips(signal) });

export function useTrips() {
  return useQuery(tripsQuery());
}
