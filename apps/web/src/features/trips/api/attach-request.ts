import type { Trip } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { applyTripChange, tripKeys } from './keys';

/**
 * PUT /trips/{id}/attach | /detach (hosteller) { requestId } → { trip }. Attach refuses with 409
 * (full, cutoff passed), 400 (the request is due before the trip arrives) or 403 (blocked); detach
 * with 409 once the runner picked the request up (`pickedUp`), when the trip is read afresh so its
 * Remove goes.
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
    onError: (error, { tripId }) => {
      if (error instanceof ApiError && error.reason === 'pickedUp')
        void queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
    },
  });
}
