import { messageResponseSchema } from '../schemas/common';
import {
  pushConfigResponseSchema,
  pushPreferencesBodySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../schemas/push';
import { pushPreferencesResponseSchema } from '../schemas/responses';
import { route } from './contract';

const tags = ['push'] as const;

// This device's subscription and the user's push preferences.
export const config = route({
  method: 'GET',
  path: '/push/config',
  tags,
  description: 'The VAPID public key (null when pushes are off) and the user’s push preferences.',
  response: { 200: pushConfigResponseSchema },
});
export const subscribe = route({
  method: 'POST',
  path: '/push/subscriptions',
  tags,
  description:
    'Stores this browser’s subscription. The endpoint must be https on port 443 at a host whose every address is public (400 otherwise); an endpoint another account stored with other keys is refused (409). The newest 10 per account are kept.',
  body: pushSubscriptionSchema,
  response: { 201: messageResponseSchema },
});
export const unsubscribe = route({
  method: 'DELETE',
  path: '/push/subscriptions',
  tags,
  body: pushUnsubscribeSchema,
  response: { 200: messageResponseSchema },
});
export const setPreferences = route({
  method: 'PUT',
  path: '/push/preferences',
  tags,
  body: pushPreferencesBodySchema,
  response: { 200: pushPreferencesResponseSchema },
});
