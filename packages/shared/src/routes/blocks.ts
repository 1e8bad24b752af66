import { blockedUsersResponseSchema, blockStateResponseSchema } from '../schemas/blocks';
import { idParams, route } from './contract';

const tags = ['users'] as const;
const state = { 200: blockStateResponseSchema } as const;

export const list = route({
  method: 'GET',
  path: '/users/blocked',
  tags,
  response: { 200: blockedUsersResponseSchema },
});
export const block = route({
  method: 'POST',
  path: '/users/:id/block',
  tags,
  params: idParams,
  response: state,
});
export const unblock = route({
  method: 'DELETE',
  path: '/users/:id/block',
  tags,
  params: idParams,
  response: state,
});
