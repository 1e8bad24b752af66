import type { DeliveryRequest } from '@campusrun/shared';
import { dayscholar, hosteller } from './fixtures';

let seq = 0;

/** A request of the `hosteller` fixture; pass overrides for status, deliverer and so on. */
export function makeRequest(overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    number: seq,
    requesterId: hosteller.id,
    requester: { id: hosteller.id, name: hosteller.name, avatar: null },
    delivererId: null,
    deliverer: null,
    itemName: 'Paracetamol 500 mg',
    description: 'One strip, any brand.',
    quantity: 1,
    expectedPrice: 40,
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    deliveryLocation: 'Block A, room 101',
    isUrgent: false,
    category: 'medicines',
    status: 'pending',
    deliveryNotes: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    acceptedAt: null,
    deliveryTime: null,
    completedAt: null,
    cancelledAt: null,
    contact: null,
    viewerHasRated: false,
    ...overrides,
  };
}

/** The same request with the `dayscholar` fixture as its deliverer. */
export const withDeliverer = (request: DeliveryRequest, status: DeliveryRequest['status'] = 'accepted') => ({
  ...request,
  status,
  delivererId: dayscholar.id,
  deliverer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
  acceptedAt: new Date().toISOString(),
});
