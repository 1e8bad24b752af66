import type { Trip } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyTripChange } from './keys';

/**
 * PUT /trips/{id}/attach | /detach (hosteller) { requestId } → { trip }. Attach refuses with 409
 * (full, cutoff passed), 400 (the request is due before the trip arrives) or 403 (blocked).
 */
export const attachRequest = ({
  tripId,
  requestId,
  action,
}: {
  tripId: string;
  requestId: string;
  action: 'attach' | 'detach';
}) =>
  api
    .put<{ trip: Trip }>(`/trips/${encodeURIComponent(tripId)}/${action}`, { requestId })
    .then((res) => res.trip);

export function useAttachRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachRequest,
    // The request itself changed too (accepted by the runner, or pending again): the server says so
    // with request:updated, which app/live-updates.ts puts in the requests' cache.
    onSuccess: (trip) => applyTripChange(queryClient, trip),
  });
}
