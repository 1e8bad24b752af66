import {
  followChangeResponseSchema,
  followListQuerySchema,
  followListResponseSchema,
  followStateResponseSchema,
} from '../schemas/follows';
import { idParams, route } from './contract';

const tags = ['users'] as const;
const change = { 200: followChangeResponseSchema } as const;

export const following = route({
  method: 'GET',
  path: '/users/following',
  tags,
  description: 'The sellers the caller follows, newest follow first.',
  query: followListQuerySchema,
  response: { 200: followListResponseSchema },
});
export const followers = route({
  method: 'GET',
  path: '/users/followers',
  tags,
  description: "The caller's own followers, newest first. Nobody sees another member's followers.",
  query: followListQuerySchema,
  response: { 200: followListResponseSchema },
});
export const state = route({
  method: 'GET',
  path: '/users/:id/follow',
  tags,
  description: 'Whether the caller follows this member, how many do, and whether the caller may follow them.',
  params: idParams,
  response: { 200: followStateResponseSchema },
});
export const follow = route({
  method: 'PUT',
  path: '/users/:id/follow',
  tags,
  description:
    'Follows a seller (idempotent): the caller is told of their new listings. Not oneself, not across a block.',
  params: idParams,
  response: change,
});
export const unfollow = route({
  method: 'DELETE',
  path: '/users/:id/follow',
  tags,
  description: 'Stops following (idempotent).',
  params: idParams,
  response: change,
});
