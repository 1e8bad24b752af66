import {
  createRunSchema,
  runItemSchema,
  runListQuerySchema,
  runListResponseSchema,
  runResponseSchema,
} from '../schemas/logistics';
import { idParams, route } from './contract';

const tags = ['runs'] as const;
const one = { 200: runResponseSchema } as const;

// Every member: the list and one run, each as the caller may see it.
export const list = route({
  method: 'GET',
  path: '/runs',
  tags,
  description:
    'Hostellers: the runs open to join and their own, newest first. Day scholars: the runs open to accept, soonest deadline first. Paged by `cursor`.',
  query: runListQuerySchema,
  response: { 200: runListResponseSchema },
});
export const get = route({
  method: 'GET',
  path: '/runs/:id',
  tags,
  description:
    'A participant sees their own request in it; its deliverer, and before it is accepted any day scholar, every request.',
  params: idParams,
  response: one,
});

// Hostellers: starting, joining and leaving.
export const create = route({
  method: 'POST',
  path: '/runs',
  tags,
  body: createRunSchema,
  response: { 201: runResponseSchema },
});
export const join = route({
  method: 'POST',
  path: '/runs/:id/join',
  tags,
  description: 'Another hosteller adds their item before the cutoff; the fee is split again.',
  params: idParams,
  body: runItemSchema,
  response: { 201: runResponseSchema },
});
export const leave = route({
  method: 'DELETE',
  path: '/runs/:id/join',
  tags,
  description: 'A participant other than the starter leaves before the cutoff (their request is cancelled).',
  params: idParams,
  response: one,
});

// Day scholars: accepting a whole run.
export const accept = route({
  method: 'PUT',
  path: '/runs/:id/accept',
  tags,
  description: 'Every live request of the run is accepted by the caller at once, or none is.',
  params: idParams,
  response: one,
});
