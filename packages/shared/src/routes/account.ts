import { z } from 'zod';
import { accountBlockersResponseSchema, deleteAccountSchema } from '../schemas/account';
import { messageResponseSchema } from '../schemas/common';
import { changePasswordSchema, completeProfileSchema, profileUpdateSchema } from '../schemas/profile';
import { profileUpdateResponseSchema } from '../schemas/users';
import { route } from './contract';

const tags = ['users'] as const;

// The signed-in member's own profile, password and photo.
export const completeGoogleProfile = route({
  method: 'PUT',
  path: '/users/complete-google-profile',
  tags,
  body: completeProfileSchema,
  response: { 200: profileUpdateResponseSchema },
});
export const updateProfile = route({
  method: 'PUT',
  path: '/users/profile',
  tags,
  body: profileUpdateSchema,
  response: { 200: profileUpdateResponseSchema },
});
export const changePassword = route({
  method: 'PUT',
  path: '/users/change-password',
  tags,
  body: changePasswordSchema,
  response: { 200: z.object({ message: z.string(), token: z.string() }) },
});
export const setAvatar = route({
  method: 'PUT',
  path: '/users/avatar',
  tags,
  description: 'multipart/form-data with one `avatar` file; stored as a 256 × 256 WebP without metadata.',
  consumes: ['multipart/form-data'],
  // How the form is documented; the route's multipart hooks read and check it.
  body: z.object({ avatar: z.file().describe('One PNG, JPG, GIF or WebP image under 5 MB') }).nullish(),
  response: { 200: profileUpdateResponseSchema },
});
export const removeAvatar = route({
  method: 'DELETE',
  path: '/users/avatar',
  tags,
  response: { 200: profileUpdateResponseSchema },
});

// Their data and the account itself.
export const exportData = route({
  method: 'GET',
  path: '/users/me/export',
  tags,
  file: true,
  summary: 'Download my data',
  description:
    'A JSON file (an attachment named campusrun-data-YYYY-MM-DD.json) of everything kept about the caller: profile, requests, deliveries, trips, runs, products, offers, saved items, messages, ratings, notifications, settlements, disputes, sessions and e-mail preferences. Other people appear only by id and name. At most 3 an hour.',
  response: {
    200: {
      description: 'The file, as an attachment.',
      // Streamed as it is read from the database: an object, described in the summary above.
      content: { 'application/json': { schema: z.unknown().meta({ type: 'object' }) } },
    },
  },
});
export const deletionBlockers = route({
  method: 'GET',
  path: '/users/me/deletion-blockers',
  tags,
  summary: 'What stands in the way of deleting my account',
  description:
    'The same `blockers` as the 409 `accountInUse` of DELETE /users/me would list now (empty when nothing is in the way): deliveries, accepted requests, open trips and runs and unsettled payments to finish first. The deletion itself checks again.',
  response: { 200: accountBlockersResponseSchema },
});
export const deleteAccount = route({
  method: 'DELETE',
  path: '/users/me',
  tags,
  summary: 'Delete my account',
  description:
    'With a password: `password`. Without one (Google sign-in): `confirm: "DELETE"`, within 10 minutes of signing in (else 403 `signInAgain`). 409 `accountInUse` lists in `blockers` the deliveries, accepted requests, open trips and runs and unsettled payments to finish first. On success every session ends; personal details, saved items, blocks made, pending offers, push devices and notifications are erased; pending requests are cancelled and products removed; messages and ratings stay, from "Deleted user". At most 5 attempts an hour.',
  body: deleteAccountSchema,
  response: { 200: messageResponseSchema },
});
