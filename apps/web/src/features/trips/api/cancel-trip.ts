import type { Trip } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyTripChange } from './keys';

/** PUT /trips/{id}/cancel (the runner) → { trip }. */
export const cancelTrip = (id: string) =>
  api.put<{ trip: Trip }>(`/trips/${encodeURIComponent(id)}/cancel`).then((res) => res.trip);

export function useCancelTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTrip,
    onSuccess: (trip) => applyTripChange(queryClient, trip),
  });
}
