import type { DeliveryRequest, Trip, TripStop } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Phone } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useTripStops } from '@/api/trips';
import { tripKeys } from '@/api/cache';
import { useBrowserFact } from '@/lib/browser-fact';
import { formatRupees } from '@/lib/format';

/** Where the runner's ticks of one trip are kept on this device. */
export const ticksKey = (tripId: string) => `trip-stops:${tripId}`;

function readTicks(tripId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ticksKey(tripId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The items the runner has ticked off, kept in local storage per trip (nothing goes to the server).
 * A page drawn on the server shows none ticked; the browser's ticks follow as it takes the page over.
 */
function useTicks(tripId: string) {
  const stored = useBrowserFact(() => readTicks(tripId).join('\n'), '');
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  const ticks = ticked ?? new Set(stored ? stored.split('\n') : []);
  const toggle = (key: string) => {
    const next = new Set(ticks);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    try {
      localStorage.setItem(ticksKey(tripId), JSON.stringify([...next]));
    } catch {
      // Storage full or refused: the ticks last as long as the page.
    }
    setTicked(next);
  };
  return { ticks, toggle };
}

const HEADING: Record<TripStop['kind'], string> = { pickup: 'Pick up at', drop: 'Drop at' };

/**
 * The dialog that completes a delivery (the handover code, the receipt), which the app hands in; it
 * calls `onClose` when it is done or dismissed.
 */
export type CompleteDialogSlot = (props: {
  request: DeliveryRequest;
  open: boolean;
  onClose: () => void;
}) => ReactNode;

type StopItem = TripStop['items'][number];

const LINK =
  'inline-flex items-center rounded text-sm font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 max-sm:min-h-11';

/**
 * Under a drop: whose it is, a Call link when the server gives the runner their phone, roughly the
 * item money to collect, and how to complete it: the app's dialog when it is handed in and the server
 * allows it, otherwise the request's page.
 */
function DropDetails({
  item,
  request,
  onComplete,
}: {
  item: StopItem;
  request: DeliveryRequest | undefined;
  onComplete?: (request: DeliveryRequest) => void;
}) {
  const phone = request?.contact?.phoneNumber;
  const done = item.status === 'completed';
  const label = `Complete #${item.number} ${item.itemName}`;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-8 text-sm text-slate-600">
      {request && <span className="font-medium text-slate-900">{request.requester.name}</span>}
      {phone && !done && (
        <a href={`tel:${phone}`} aria-label={`Call ${request.requester.name}`} className={`${LINK} gap-1`}>
          <Phone className="size-4" aria-hidden="true" />
          Call
        </a>
      )}
      {request && request.itemCost !== null && <span>{`carry ≈ ${formatRupees(request.itemCost)}`}</span>}
      {done ? (
        <span className="text-green-800">Delivered</span>
      ) : onComplete && request?.can.complete ? (
        <Button size="sm" aria-label={label} onClick={() => onComplete(request)}>
          Complete
        </Button>
      ) : (
        <Link to={paths.request(item.requestId)} aria-label={label} className={LINK}>
          Complete
        </Link>
      )}
    </div>
  );
}

/**
 * The runner's walk: pickups first, then drops, each item ticked off by hand; each drop with its
 * hosteller, and completed from here when the app hands in `completeDialog`.
 */
export function StopList({ trip, completeDialog }: { trip: Trip; completeDialog?: CompleteDialogSlot }) {
  const query = useTripStops(trip.id);
  const queryClient = useQueryClient();
  const { ticks, toggle } = useTicks(trip.id);
  const [completing, setCompleting] = useState<DeliveryRequest | null>(null);
  const requests = new Map(trip.requests.map((request) => [request.id, request]));
  const closeComplete = () => {
    setCompleting(null);
    // Completed (or not): the stops and the trip say what is delivered now.
    void queryClient.invalidateQueries({ queryKey: tripKeys.stops(trip.id) });
    void queryClient.invalidateQueries({ queryKey: tripKeys.detail(trip.id), exact: true });
  };

  let content;
  if (query.isPending) {
    content = (
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Failed to load the stop list"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  } else if (query.data.length === 0) {
    content = <p className="text-sm text-slate-500">No requests on this trip yet, so no stops.</p>;
  } else {
    content = (
      <ol className="space-y-5">
        {query.data.map((stop) => (
          <li key={`${stop.kind}:${stop.place}`}>
            <h3 className="text-sm font-semibold text-slate-900">{`${HEADING[stop.kind]} ${stop.place}`}</h3>
            <ul className="mt-2 space-y-2">
              {stop.items.map((item) => {
                const key = `${stop.kind}:${item.requestId}`;
                const done = item.status === 'completed';
                return (
                  <li key={key}>
                    <Checkbox
                      label={
                        <span className={ticks.has(key) || done ? 'text-slate-500 line-through' : undefined}>
                          {`#${item.number} ${item.itemName} × ${item.quantity}`}
                        </span>
                      }
                      checked={ticks.has(key) || done}
                      disabled={done}
                      onChange={() => toggle(key)}
                    />
                    {stop.kind === 'drop' && (
                      <DropDetails
                        item={item}
                        request={requests.get(item.requestId)}
                        onComplete={completeDialog ? setCompleting : undefined}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section
      aria-labelledby="stop-list"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="stop-list" className="text-lg font-semibold text-slate-900">
        Stop list
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-500">
        Tick items off as you go (kept on this device). Complete each drop with the requester’s code.
      </p>
      {content}
      {completeDialog && completing && (
        <Fragment key={completing.id}>
          {completeDialog({ request: completing, open: true, onClose: closeComplete })}
        </Fragment>
      )}
    </section>
  );
}
