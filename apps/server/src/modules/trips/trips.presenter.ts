import type { DeliveryRequest, Trip, TripStop } from '@campusrun/shared';
import { displayStatus, tripCan, type Viewer } from './trips.policy';
import type { StopRequest, TripRow } from './trips.repo';

/** Any hosteller or any day scholar who is neither the runner nor has a request on it (live pushes). */
export const ANY_HOSTELLER: Viewer = { id: '', role: 'hosteller' };
export const ANY_DAY_SCHOLAR: Viewer = { id: '', role: 'dayscholar' };

/**
 * A trip as `viewer` sees it: its runner with their rating as a deliverer, the seats taken, the
 * status as screens show it, `requests` as given (the service decides whose), and `can` from the
 * policy. A viewer who is not `row`'s viewer (a live push to others) has no request on it.
 */
export function presentTrip(
  row: TripRow,
  viewer: Viewer,
  requests: DeliveryRequest[] = [],
  viewerDetachable = row.viewerDetachable,
): Trip {
  return {
    id: row.id,
    runner: {
      id: row.runnerId,
      name: row.runnerName,
      avatar: row.runnerAvatar,
      rating: row.rating,
      ratingCount: row.ratingCount,
    },
    from: row.from,
    arriveAt: row.arriveAt.toISOString(),
    cutoffAt: row.cutoffAt.toISOString(),
    capacity: row.capacity,
    attached: row.attached,
    note: row.note,
    status: displayStatus(row),
    createdAt: row.createdAt.toISOString(),
    requests,
    can: tripCan(viewer, row, viewerDetachable),
  };
}

/** How places are compared: lower case, runs of white space as one space, trimmed. */
export const placeKey = (place: string) => place.toLowerCase().replace(/\s+/g, ' ').trim();

/** The pickup stop of requests that name no pickup place: the runner buys them wherever suits. */
const ANYWHERE = 'Anywhere';

function group(kind: TripStop['kind'], rows: StopRequest[], placeOf: (r: StopRequest) => string): TripStop[] {
  const stops = new Map<string, TripStop>();
  for (const r of rows) {
    const place = placeOf(r).trim();
    const key = placeKey(place);
    const stop = stops.get(key) ?? { kind, place, items: [] };
    stop.items.push({
      requestId: r.id,
      number: r.number,
      itemName: r.itemName,
      quantity: r.quantity,
      status: r.status,
    });
    stops.set(key, stop);
  }
  return [...stops.values()];
}

/**
 * The runner's walk: pickups first, one stop per place (compared by `placeKey`, named as the first
 * request spells it), with the requests that name no pickup place together as the last pickup stop,
 * "Anywhere"; then one drop per delivery location, the same way. Stops in the order their first
 * request joined the trip.
 */
export function presentStops(rows: StopRequest[]): TripStop[] {
  const named = rows.filter((r) => r.pickupFrom && r.pickupFrom.trim() !== '');
  const anywhere = rows.filter((r) => !r.pickupFrom || r.pickupFrom.trim() === '');
  return [
    ...group('pickup', named, (r) => r.pickupFrom!),
    ...(anywhere.length ? group('pickup', anywhere, () => ANYWHERE) : []),
    ...group('drop', rows, (r) => r.deliveryLocation),
  ];
}
