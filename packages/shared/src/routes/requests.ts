import { z } from 'zod';
import {
  availableRequestsQuerySchema,
  createRequestSchema,
  deliverRequestSchema,
  deliveryListResponseSchema,
  myDeliveriesQuerySchema,
  myRequestsQuerySchema,
  onTheWaySchema,
  pickedUpRequestSchema,
  recentQuerySchema,
  repostRequestSchema,
  requestListResponseSchema,
  requestResponseSchema,
  requestSchema,
} from '../schemas/requests';
import { paginationQuerySchema } from '../schemas/common';
import { idParams, route } from './contract';

const tags = ['requests'] as const;
const one = { 200: requestResponseSchema } as const;

export const get = route({ method: 'GET', path: '/requests/:id', tags, params: idParams, response: one });

// The requester's: posting, their list, cancelling, reposting, confirming receipt.
export const create = route({
  method: 'POST',
  path: '/requests',
  tags,
  body: createRequestSchema,
  response: { 201: requestResponseSchema },
});
export const mine = route({
  method: 'GET',
  path: '/requests/my-requests',
  tags,
  query: myRequestsQuerySchema,
  response: { 200: requestListResponseSchema },
});
export const cancel = route({
  method: 'PUT',
  path: '/requests/:id/cancel',
  tags,
  params: idParams,
  response: one,
});
export const repost = route({
  method: 'PUT',
  path: '/requests/:id/repost',
  tags,
  description: 'The requester puts an expired request (nobody accepted it) back with a new deadline.',
  params: idParams,
  body: repostRequestSchema,
  response: one,
});
export const confirmReceipt = route({
  method: 'PUT',
  path: '/requests/:id/confirm-receipt',
  tags,
  description:
    'The requester received the items: the accepted request completes as if its deliverer had completed it. Only once its deliverer acted on it (marked it picked up or typed the handover code); before, 409 notPickedUp.',
  params: idParams,
  response: one,
});
export const recent = route({
  method: 'GET',
  path: '/hosteller/requests/recent',
  tags: ['dashboard'],
  query: recentQuerySchema,
  response: { 200: z.object({ requests: z.array(requestSchema) }) },
});

// The deliverer's: their deliveries, the transitions, the available list.
export const myDeliveries = route({
  method: 'GET',
  path: '/requests/my-deliveries',
  tags,
  query: myDeliveriesQuerySchema,
  response: { 200: deliveryListResponseSchema },
});
export const accept = route({
  method: 'PUT',
  path: '/requests/:id/accept',
  tags,
  params: idParams,
  response: one,
});
export const deliver = route({
  method: 'PUT',
  path: '/requests/:id/deliver',
  tags,
  params: idParams,
  body: deliverRequestSchema,
  response: one,
});
export const pickedUp = route({
  method: 'PUT',
  path: '/requests/:id/picked-up',
  tags,
  description:
    'Its deliverer has the items: the accepted request is marked picked up (once; again is 409 alreadyPickedUp) and its requester may confirm receipt. The receipt amount may come with it (only for a request with an item cost, else 400 noItemCost).',
  params: idParams,
  body: pickedUpRequestSchema,
  response: one,
});
export const onTheWay = route({
  method: 'PUT',
  path: '/requests/:id/on-the-way',
  tags,
  description:
    'Its deliverer is on the way with the picked-up items, arriving in about `minutes` (1 to 120): sets onTheWayAt and arrivalEta and tells the requester. Sent again, it updates the estimate. Before the pickup, 409 notPickedUp.',
  params: idParams,
  body: onTheWaySchema,
  response: one,
});
export const cancelDelivery = route({
  method: 'PUT',
  path: '/requests/:id/cancel-delivery',
  tags,
  params: idParams,
  response: one,
});
export const available = route({
  method: 'GET',
  path: '/dayscholar/requests/available',
  tags: ['dashboard', ...tags],
  query: availableRequestsQuerySchema,
  response: { 200: requestListResponseSchema },
});
export const activeDeliveries = route({
  method: 'GET',
  path: '/dayscholar/deliveries/active',
  tags: ['dashboard'],
  query: paginationQuerySchema,
  response: { 200: deliveryListResponseSchema },
});
