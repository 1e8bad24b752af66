import type { DeliveryRequest } from '@campusrun/shared';
import { Suspense } from 'react';
import { mayRideATrip } from '@/features/trips/components/trip-fit';
import { useAuth } from '@/lib/auth';
import { lazyPart } from '@/lib/lazy-part';

/** The trip offer's code loads only on a pending request's page. */
const TripOffer = lazyPart(
  'trip-offer',
  async () => (await import('@/features/trips/components/TripOffer')).TripOffer,
);

/** Under the hosteller's own pending request: an open trip that could still bring it, to add it to. */
export function LazyTripOffer({ request }: { request: DeliveryRequest }) {
  const { user } = useAuth();
  if (!mayRideATrip(request, user)) return null;
  return (
    <Suspense fallback={null}>
      <TripOffer request={request} />
    </Suspense>
  );
}
