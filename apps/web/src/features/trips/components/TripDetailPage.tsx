import type { DeliveryRequest, Trip, User } from '@campusrun/shared';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { GroupRequestList } from '@/components/requests/GroupRequestList';
import { Avatar } from '@/components/ui/Avatar';
import { DetailLoadError } from '@/components/ui/DetailLoadError';
import { Fact } from '@/components/ui/Fact';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ProfileLink } from '@/components/people/ProfileLink';
import { ShareButton } from '@/components/share/ShareButton';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { lazyPart } from '@/lib/lazy-part';
import { useAttachRequest, useCancelTrip, usePendingRequests, useTrip, TRIP_TOAST } from '@/api/trips';
import { type CompleteDialogSlot, StopList } from './StopList';
import { RunnerRating, TripStatusBadge, tripTimes } from './TripCard';
import { fitsTrip } from './trip-fit';
import { tripShare } from './trip-share';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

/** The trip's requests, each opening its page; a hosteller may take theirs off while they can. */
function TripRequests({
  trip,
  heading,
  empty,
  onRemove,
  removing,
}: {
  trip: Trip;
  heading: string;
  empty: string;
  /** Shown on the requests `trip.can.detachable` names. */
  onRemove?: (request: DeliveryRequest) => void;
  removing?: string;
}) {
  return (
    <section
      aria-labelledby="trip-requests"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="trip-requests" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <GroupRequestList
        requests={trip.requests}
        empty={empty}
        label={heading}
        title={(request) => request.itemName}
        detail={(request) =>
          `#${request.number} · ${request.deliveryLocation} · due ${formatDateTime(request.deadline)}`
        }
        action={(request) =>
          onRemove &&
          trip.can.detachable.includes(request.id) && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove ${request.itemName} from this trip`}
              isLoading={removing === request.id}
              onClick={() => onRemove(request)}
            >
              Remove
            </Button>
          )
        }
      />
    </section>
  );
}

/**
 * The form, with the request rule and the forms library, is code only a hosteller who may add a
 * request needs: it loads beside their pending requests, and the runner's view never loads it.
 */
const loadAddRequestForm = () => import('./AddRequestForm');
const AddRequestForm = lazyPart('add-request-form', async () => (await loadAddRequestForm()).AddRequestForm);

/** A hosteller picks one of their pending requests that fits, and adds it. */
function AddRequest({ trip }: { trip: Trip }) {
  const pending = usePendingRequests();
  const options = (pending.data ?? []).filter((request) => fitsTrip(request, trip));
  useEffect(() => void loadAddRequestForm(), []);

  let body: ReactNode;
  if (pending.isPending) body = <Skeleton className="h-11 w-full" />;
  else if (pending.isError)
    body = (
      <ErrorState
        title="Failed to load your requests"
        error={pending.error}
        onRetry={() => void pending.refetch()}
        isRetrying={pending.isRefetching}
      />
    );
  else if (options.length === 0)
    body = (
      <p className="text-sm text-slate-600">
        None of your pending requests can ride on this trip: a request must be due after the trip arrives and
        not be on another trip or run.{' '}
        <Link to={paths.hosteller.newRequest} className="font-medium text-indigo-700 underline">
          Create a request
        </Link>
      </p>
    );
  else
    body = (
      <Suspense fallback={<Skeleton className="h-11 w-full" />}>
        <AddRequestForm trip={trip} options={options} />
      </Suspense>
    );

  return (
    <section
      aria-labelledby="add-request"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="add-request" className="mb-3 text-lg font-semibold text-slate-900">
        Add a request
      </h2>
      {body}
    </section>
  );
}

function HostellerView({ trip }: { trip: Trip }) {
  const detach = useAttachRequest();
  const remove = async (request: DeliveryRequest) => {
    try {
      await detach.mutateAsync({ tripId: trip.id, requestId: request.id, action: 'detach' });
      toast.success('Removed from the trip: the request is open again', {
        ...TRIP_TOAST,
        toastId: 'trip:detach',
      });
    } catch (caught) {
      toast.error(errorMessage(caught, 'Failed to remove the request'), {
        ...TRIP_TOAST,
        toastId: 'trip:detach',
      });
    }
  };
  return (
    <>
      {trip.can.attach && <AddRequest trip={trip} />}
      <TripRequests
        trip={trip}
        heading="Your requests on this trip"
        empty="None of your requests are on this trip."
        onRemove={trip.can.detach ? (request) => void remove(request) : undefined}
        removing={detach.isPending ? detach.variables?.requestId : undefined}
      />
    </>
  );
}

function RunnerView({ trip, completeDialog }: { trip: Trip; completeDialog?: CompleteDialogSlot }) {
  const cancel = useCancelTrip();
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    if (!cancel.isPending) setConfirming(false);
  };
  const confirm = async () => {
    try {
      await cancel.mutateAsync(trip.id);
      toast.success('Trip cancelled', { ...TRIP_TOAST, toastId: 'trip:cancel' });
      setConfirming(false);
    } catch (caught) {
      toast.error(errorMessage(caught, 'Failed to cancel the trip'), {
        ...TRIP_TOAST,
        toastId: 'trip:cancel',
      });
    }
  };
  return (
    <>
      <TripRequests
        trip={trip}
        heading="Requests on this trip"
        empty="No hosteller has added a request yet."
      />
      {trip.can.stops && <StopList trip={trip} completeDialog={completeDialog} />}
      {trip.can.cancel && (
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel trip
          </Button>
          <Dialog
            open={confirming}
            onClose={close}
            title="Cancel this trip?"
            description="Hostellers can no longer add requests; the requests on it go back to the open list."
            footer={
              <>
                <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
                  Keep trip
                </Button>
                <Button variant="danger" onClick={() => void confirm()} isLoading={cancel.isPending}>
                  Cancel trip
                </Button>
              </>
            }
          />
        </div>
      )}
    </>
  );
}

function TripBody({
  trip,
  viewer,
  completeDialog,
}: {
  trip: Trip;
  viewer: User;
  completeDialog?: CompleteDialogSlot;
}) {
  const isRunner = trip.runner.id === viewer.id;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{`Trip from ${trip.from}`}</h1>
        <TripStatusBadge status={trip.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">{tripTimes(trip)}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {isRunner ? (
            <RunnerView trip={trip} completeDialog={completeDialog} />
          ) : (
            <HostellerView trip={trip} />
          )}
        </div>
        <section
          aria-labelledby="trip-facts"
          className="h-fit rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="trip-facts" className="sr-only">
            About this trip
          </h2>
          <div className="flex items-center gap-3">
            <Avatar id={trip.runner.id} name={trip.runner.name} src={trip.runner.avatar} size="md" />
            <div className="min-w-0">
              <ProfileLink
                user={trip.runner}
                className="font-medium text-slate-900 underline-offset-2 hover:underline"
              >
                {isRunner ? `${trip.runner.name} (You)` : trip.runner.name}
              </ProfileLink>
              <div>
                <RunnerRating runner={trip.runner} />
              </div>
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            <Fact term="Coming from">{trip.from}</Fact>
            <Fact term="Requests">{`${trip.attached} of ${trip.capacity} taken`}</Fact>
            <Fact term="Arrives">{formatDateTime(trip.arriveAt)}</Fact>
            <Fact term="Add requests by">{formatDateTime(trip.cutoffAt)}</Fact>
          </dl>
          {trip.note && <p className="mt-4 text-sm whitespace-pre-line text-slate-600">{trip.note}</p>}
          {trip.status !== 'cancelled' && (
            <div className="mt-4">
              <ShareButton {...tripShare(trip)} path={paths.trip(trip.id)} />
            </div>
          )}
        </section>
      </div>
    </>
  );
}

/**
 * /trips/{id}: a trip, as its runner or a hosteller sees it. `completeDialog` is the dialog the app
 * composes in for completing a drop from the stop list.
 */
export function TripDetailPage({ completeDialog }: { completeDialog?: CompleteDialogSlot } = {}) {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useTrip(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  let content: ReactNode;
  if (waitsForNetwork(query)) {
    content = <NotKeptOffline what="This trip" />;
  } else if (query.isPending) {
    content = (
      <div aria-hidden="true" className="mt-4 space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    );
  } else if (query.isError || !user) {
    content = (
      <DetailLoadError
        notFound={notFound}
        notFoundTitle="Trip not found"
        notFoundMessage="It may have been cancelled, or the link is wrong."
        failedTitle="Failed to load the trip"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
        back={{ to: paths.trips, label: 'See all trips' }}
      />
    );
  } else {
    content = <TripBody trip={query.data} viewer={user} completeDialog={completeDialog} />;
  }

  return (
    <>
      <title>{query.data ? `Trip from ${query.data.from} · CampusRun` : 'Trip · CampusRun'}</title>
      {(query.isPending || query.isError) && <h1 className="sr-only">Trip</h1>}
      {content}
    </>
  );
}
