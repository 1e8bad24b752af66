import type { DeliveryRequest, RequestCan } from '@campusrun/shared';
import { dayscholar, hosteller } from './fixtures';

/** A `can` with exactly these actions allowed (what the server would say for the scenario). */
export function can(...allowed: (keyof RequestCan)[]): RequestCan {
  const none: RequestCan = {
    accept: false,
    complete: false,
    cancel: false,
    cancelDelivery: false,
    pickUp: false,
    onTheWay: false,
    rate: false,
    chat: false,
    repost: false,
    confirmReceipt: false,
    report: false,
  };
  for (const action of allowed) none[action] = true;
  return none;
}

/** The `hosteller` fixture as a request's requester (and a day scholar's counterpart). */
export const requesterRef = { id: hosteller.id, name: hosteller.name, avatar: null };
/** The `dayscholar` fixture as a deliverer (and the requester's counterpart). */
export const delivererRef = { id: dayscholar.id, name: dayscholar.name, avatar: null };

let seq = 0;

/**
 * A request of the `hosteller` fixture, as a viewer with no actions would get it; pass overrides for
 * status, deliverer, `can` and so on.
 */
export function makeRequest(overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    number: seq,
    requesterId: hosteller.id,
    requester: requesterRef,
    delivererId: null,
    deliverer: null,
    itemName: 'Paracetamol 500 mg',
    description: 'One strip, any brand.',
    quantity: 1,
    expectedPrice: 40,
    itemCost: null,
    actualItemCost: null,
    pickupFrom: null,
    tripId: null,
    runId: null,
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    deliveryLocation: 'Block A, room 101',
    isUrgent: false,
    category: 'medicines',
    status: 'pending',
    deliveryNotes: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    acceptedAt: null,
    pickedUpAt: null,
    onTheWayAt: null,
    arrivalEta: null,
    deliveryTime: null,
    completedAt: null,
    cancelledAt: null,
    contact: null,
    handoverRequired: false,
    handoverCode: null,
    handoverLocked: false,
    viewerHasRated: false,
    viewerRating: null,
    isExpired: false,
    counterpart: null,
    ratingType: null,
    can: can(),
    ...overrides,
  };
}

/** The same request with the `dayscholar` fixture as its deliverer. */
export const withDeliverer = (request: DeliveryRequest, status: DeliveryRequest['status'] = 'accepted') => ({
  ...request,
  status,
  delivererId: dayscholar.id,
  deliverer: delivererRef,
  acceptedAt: new Date().toISOString(),
});
