import { publicProfileResponseSchema } from '../schemas/market';
import { publicUserResponseSchema } from '../schemas/users';
import { idParams, route } from './contract';

const tags = ['users'] as const;

export const user = route({
  method: 'GET',
  path: '/users/:id',
  tags,
  params: idParams,
  response: { 200: publicUserResponseSchema },
});
export const profile = route({
  method: 'GET',
  path: '/users/:id/profile',
  tags,
  description:
    'A public profile: ratings by kind, recent reviews, counts and active listings. Never the e-mail.',
  params: idParams,
  response: { 200: publicProfileResponseSchema },
});
