import type { DeliveryRequest, Trip } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Route } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { localToIso } from '@/lib/local-time';
import { toast } from '@/lib/toast';
import { TRIP_TOAST, useAttachRequest, useTrips } from '@/api/trips';
import { tripKeys } from '@/api/cache';
import { firstName, fitsTrip, tripsFor } from './trip-fit';

const ATTACH_TOAST = { ...TRIP_TOAST, toastId: 'trip:attach' };

/** "Ravi’s trip from Katpadi arrives 5:00 pm". */
const tripLine = (trip: Trip) =>
  `${firstName(trip.runner.name)}’s trip from ${trip.from} arrives ${formatDateTime(trip.arriveAt)}`;

function OfferCard({ label, children, more }: { label: string; children: ReactNode; more: number }) {
  return (
    <section
      aria-label={label}
      className="rounded-xl bg-indigo-50 p-4 text-sm text-indigo-800 ring-1 ring-indigo-300"
    >
      <div className="flex gap-3">
        <Route className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-3">{children}</div>
      </div>
      {more > 0 && (
        <p className="mt-3 pl-8">
          <Link to={paths.trips} className="font-medium underline">
            {more === 1 ? 'See 1 more trip' : `See ${more} more trips`}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * On the new-request form: an open trip that could carry the request (due no earlier than it
 * arrives, as the deadline picked so far says), so the hosteller knows they can add it once it is
 * created. Nothing while no trip fits.
 */
export function TripOfferHint({ deadline }: { deadline: string }) {
  const trips = useTrips();
  const iso = localToIso(deadline);
  const due = typeof iso === 'string' && iso !== deadline ? Date.parse(iso) : null;
  const fitting = tripsFor(trips.data ?? [], due);
  const trip = fitting[0];
  if (!trip) return null;
  return (
    <OfferCard label="A trip could bring this" more={fitting.length - 1}>
      <p>
        {`${tripLine(trip)}. Create this request and you can add it to the trip until ${formatDateTime(trip.cutoffAt)}.`}
      </p>
    </OfferCard>
  );
}

/**
 * Under the hosteller's own pending request (see `mayRideATrip`): the soonest open trip that could
 * still carry it, with the button that adds it (the server decides; its refusal is shown and the
 * trips fetched again). Nothing while no trip fits.
 */
export function TripOffer({ request }: { request: DeliveryRequest }) {
  const trips = useTrips();
  const attach = useAttachRequest();
  const queryClient = useQueryClient();
  const fitting = tripsFor(trips.data ?? [], null).filter((trip) => fitsTrip(request, trip));
  const trip = fitting[0];
  if (!trip) return null;
  const runner = firstName(trip.runner.name);

  const add = async () => {
    try {
      await attach.mutateAsync({ tripId: trip.id, requestId: request.id, action: 'attach' });
      toast.success(`Added to ${runner}’s trip: ${runner} will bring it`, ATTACH_TOAST);
    } catch (caught) {
      // Full, past its cutoff, or no longer open: the server says why, and the trips are read again.
      toast.error(errorMessage(caught, 'Failed to add the request'), ATTACH_TOAST);
      if (caught instanceof ApiError && (caught.status === 409 || caught.status === 400))
        void queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
    }
  };

  return (
    <div className="mt-4">
      <OfferCard label="A trip could bring this" more={fitting.length - 1}>
        <p>{`${tripLine(trip)} — add this request to it by ${formatDateTime(trip.cutoffAt)}.`}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" isLoading={attach.isPending} onClick={() => void add()}>
            {`Add to ${runner}’s trip`}
          </Button>
          <Link
            to={paths.trip(trip.id)}
            className="inline-flex min-h-11 items-center px-1 font-medium text-indigo-700 underline"
          >
            See the trip
          </Link>
        </div>
      </OfferCard>
    </div>
  );
}
