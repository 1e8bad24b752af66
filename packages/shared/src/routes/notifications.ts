import { z } from 'zod';
import { messageResponseSchema, paginationQuerySchema } from '../schemas/common';
import { notificationSchema, notificationsResponse } from '../schemas/notifications';
import { idParams, route } from './contract';

const tags = ['notifications'] as const;

// Only ever the caller's own.
export const list = route({
  method: 'GET',
  path: '/notifications',
  tags,
  query: paginationQuerySchema,
  response: { 200: notificationsResponse },
});
export const readAll = route({
  method: 'PUT',
  path: '/notifications/read-all',
  tags,
  response: { 200: messageResponseSchema },
});
export const read = route({
  method: 'PUT',
  path: '/notifications/:id/read',
  tags,
  params: idParams,
  response: { 200: z.object({ notification: notificationSchema }) },
});
