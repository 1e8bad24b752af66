import {
  createTripSchema,
  tripListResponseSchema,
  tripRequestSchema,
  tripResponseSchema,
  tripStopsResponseSchema,
} from '../schemas/logistics';
import { idParams, route } from './contract';

const tags = ['trips'] as const;
const one = { 200: tripResponseSchema } as const;

// Both roles: the open trips and one trip.
export const list = route({
  method: 'GET',
  path: '/trips',
  tags,
  description: 'Open trips (before their cutoff), soonest arrival first.',
  response: { 200: tripListResponseSchema },
});
export const get = route({
  method: 'GET',
  path: '/trips/:id',
  tags,
  description: 'The runner sees every request on it; a hosteller their own.',
  params: idParams,
  response: one,
});

// The runner's: posting, their own trips, cancelling, the stop list.
export const create = route({
  method: 'POST',
  path: '/trips',
  tags,
  description: 'One open trip per day scholar; both times within 48 hours, the cutoff first.',
  body: createTripSchema,
  response: { 201: tripResponseSchema },
});
export const mine = route({
  method: 'GET',
  path: '/trips/mine',
  tags,
  description: "The runner's trips that are open or still carry accepted requests, newest first.",
  response: { 200: tripListResponseSchema },
});
export const cancel = route({
  method: 'PUT',
  path: '/trips/:id/cancel',
  tags,
  description: 'The runner only: every request still accepted on it is pending again.',
  params: idParams,
  response: one,
});
export const stops = route({
  method: 'GET',
  path: '/trips/:id/stops',
  tags,
  description:
    'The runner only: pickups grouped by place (requests naming none form the stop "Anywhere"), then drops by delivery location.',
  params: idParams,
  response: { 200: tripStopsResponseSchema },
});

// The hosteller's: adding one of their requests and taking it off.
export const attach = route({
  method: 'PUT',
  path: '/trips/:id/attach',
  tags,
  description:
    'One of their own pending requests, before the cutoff, while a seat is free: accepted by the runner at once.',
  params: idParams,
  body: tripRequestSchema,
  response: one,
});
export const detach = route({
  method: 'PUT',
  path: '/trips/:id/detach',
  tags,
  description: 'One of their own requests on the trip, before the cutoff: pending again.',
  params: idParams,
  body: tripRequestSchema,
  response: one,
});
