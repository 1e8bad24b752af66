import { z } from 'zod';
import { LOST_FOUND_LIMITS } from '../messages/lost-found';
import { messageResponseSchema } from '../schemas/common';
import {
  acceptLostFoundClaimResponseSchema,
  claimLostFoundSchema,
  createLostFoundSchema,
  editLostFoundSchema,
  lostFoundChangeResponseSchema,
  lostFoundClaimResponseSchema,
  lostFoundClaimsResponseSchema,
  lostFoundListQuerySchema,
  lostFoundListResponseSchema,
  lostFoundPlacesQuerySchema,
  lostFoundPlacesResponseSchema,
  lostFoundResponseSchema,
} from '../schemas/lost-found';
import { idParams, route } from './contract';

const tags = ['lost-found'] as const;
const claimParams = z.object({ id: z.string(), claimId: z.string() });

export const list = route({
  method: 'GET',
  path: '/lost-found',
  tags,
  description:
    'Open lost and found posts, newest first (not expired, not resolved, not held, none across a block); `kind`, `q` (words) and `category` narrow it.',
  query: lostFoundListQuerySchema,
  response: { 200: lostFoundListResponseSchema },
});
export const places = route({
  method: 'GET',
  path: '/lost-found/places',
  tags,
  description: `Campus places named in earlier posts that contain \`q\`, most used first, at most ${LOST_FOUND_LIMITS.placesMax}.`,
  query: lostFoundPlacesQuerySchema,
  response: { 200: lostFoundPlacesResponseSchema },
});
export const get = route({
  method: 'GET',
  path: '/lost-found/:id',
  tags,
  description:
    "One post, as the caller sees it. A found post's expected answer is only in its finder's view.",
  params: idParams,
  response: { 200: lostFoundResponseSchema },
});
export const create = route({
  method: 'POST',
  path: '/lost-found',
  tags,
  description: `Posts a lost or found thing, open for ${LOST_FOUND_LIMITS.days} days. A found post holds back a question only its owner can answer, and the expected answer. Members with a matching lost post are told.`,
  body: createLostFoundSchema,
  response: { 201: lostFoundChangeResponseSchema },
});
export const edit = route({
  method: 'PATCH',
  path: '/lost-found/:id',
  tags,
  description: 'Its poster changes the fields given.',
  params: idParams,
  body: editLostFoundSchema,
  response: { 200: lostFoundChangeResponseSchema },
});
export const renew = route({
  method: 'POST',
  path: '/lost-found/:id/renew',
  tags,
  description: `Its poster keeps an open post for ${LOST_FOUND_LIMITS.days} more days from now (an expired one comes back).`,
  params: idParams,
  response: { 200: lostFoundChangeResponseSchema },
});
export const resolve = route({
  method: 'POST',
  path: '/lost-found/:id/resolve',
  tags,
  description: 'Its poster marks it returned to its owner: it leaves the lists and its open claims close.',
  params: idParams,
  response: { 200: lostFoundChangeResponseSchema },
});
export const remove = route({
  method: 'DELETE',
  path: '/lost-found/:id',
  tags,
  description: 'Its poster deletes it, with its claims.',
  params: idParams,
  response: { 200: messageResponseSchema },
});
export const setPhotos = route({
  method: 'PUT',
  path: '/lost-found/:id/photos',
  tags,
  description: `Its poster sets the post's photos (replacing those it had): multipart/form-data with 1 to ${LOST_FOUND_LIMITS.photosMax} \`photos\` files, each under ${LOST_FOUND_LIMITS.photoMaxBytes / 1024 / 1024} MB, checked by their content and stored re-encoded as WebP without metadata (with a small copy). The photos are private: members get signed links that last about an hour. Shares the photo upload budget with products and chat.`,
  params: idParams,
  consumes: ['multipart/form-data'],
  // How the form is documented; the route's multipart hooks read and check it.
  body: z
    .object({ photos: z.array(z.file()).describe('1 to 3 PNG, JPG, GIF or WebP images, each under 5 MB') })
    .nullish(),
  response: { 200: lostFoundChangeResponseSchema },
});
export const removePhotos = route({
  method: 'DELETE',
  path: '/lost-found/:id/photos',
  tags,
  description: "Its poster removes the post's photos.",
  params: idParams,
  response: { 200: lostFoundChangeResponseSchema },
});
export const claim = route({
  method: 'POST',
  path: '/lost-found/:id/claims',
  tags,
  description: `"That's mine": the caller answers the finder's question. Once per post, at most ${LOST_FOUND_LIMITS.openClaimsPerMember} open claims per member, never one's own post or across a block, only open found posts.`,
  params: idParams,
  body: claimLostFoundSchema,
  response: { 201: lostFoundClaimResponseSchema },
});
export const claims = route({
  method: 'GET',
  path: '/lost-found/:id/claims',
  tags,
  description:
    "The finder's view of the claims: each claimant's answer, profile and reliability record. A claim held after the finder's report or removed by a moderator is not in it.",
  params: idParams,
  response: { 200: lostFoundClaimsResponseSchema },
});
export const accept = route({
  method: 'POST',
  path: '/lost-found/:id/claims/:claimId/accept',
  tags,
  description:
    'The finder accepts an open claim (404 for one held after reports or removed by a moderator): the post is resolved (returned to its owner), a chat opens between the finder and the owner, and the other claimants are told.',
  params: claimParams,
  response: { 200: acceptLostFoundClaimResponseSchema },
});
export const withdraw = route({
  method: 'POST',
  path: '/lost-found/:id/claims/:claimId/withdraw',
  tags,
  description: 'The claimant withdraws their own open claim (they may not claim the post again).',
  params: claimParams,
  response: { 200: lostFoundClaimResponseSchema },
});
