import type { CreateTripBody, Trip } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyTripChange } from './keys';

/**
 * POST /trips (day scholar) { from, arriveAt, cutoffAt, capacity, note? } → 201 { trip }; the times
 * go as ISO 8601 with Z. 400 with field errors; 409 when they already have an open trip.
 */
export const createTrip = (body: CreateTripBody) =>
  api
    .post<{ trip: Trip }>('/trips', {
      ...body,
      arriveAt: body.arriveAt.toISOString(),
      cutoffAt: body.cutoffAt.toISOString(),
    })
    .then((res) => res.trip);

export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrip,
    onSuccess: (trip) => applyTripChange(queryClient, trip),
  });
}
