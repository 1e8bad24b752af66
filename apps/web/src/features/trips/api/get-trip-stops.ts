import type { TripStop } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './keys';

/** GET /trips/{id}/stops (the runner) → { stops } (pickups first, grouped by place; then drops). */
export const getTripStops = (id: string, signal?: AbortSignal) =>
  api
    .get<{ stops: TripStop[] }>(`/trips/${encodeURIComponent(id)}/stops`, { signal })
    .then((body) => body.stops);

export const tripStopsQuery = (id: string) =>
  queryOptions({ queryKey: tripKeys.stops(id), queryFn: ({ signal }) => getTripStops(id, signal) });

export function useTripStops(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tripStopsQuery(id), enabled });
}
