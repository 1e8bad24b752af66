import type { Trip } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './keys';

/** GET /trips/{id} → { trip } (the runner sees every attached request; a hosteller their own). */
export const getTrip = (id: string, signal?: AbortSignal) =>
  api.get<{ trip: Trip }>(`/trips/${encodeURIComponent(id)}`, { signal }).then((body) => body.trip);

export const tripQuery = (id: string) =>
  queryOptions({ queryKey: tripKeys.detail(id), queryFn: ({ signal }) => getTrip(id, signal) });

export function useTrip(id: string) {
  return useQuery(tripQuery(id));
}
