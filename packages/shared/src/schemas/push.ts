import { z } from 'zod';
import { allowedText, userText } from './common';

/** What a push may be about; each can be turned off in Profile. */
export const PUSH_TOPICS = ['messages', 'requests', 'urgent', 'marketplace'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];
export const PUSH_TOPIC_LABELS: Record<PushTopic, string> = {
  messages: 'New messages',
  requests: 'Request updates',
  urgent: 'New urgent requests (day scholars)',
  marketplace: 'Marketplace activity',
};

export const pushPreferencesSchema = z.object({
  messages: z.boolean(),
  requests: z.boolean(),
  urgent: z.boolean(),
  marketplace: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  messages: true,
  requests: true,
  urgent: true,
  marketplace: true,
};

const base64url = (min: number, max: number) =>
  userText('line', 'Invalid key')
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Invalid key');

/** Answers of the push subscription endpoints. */
export const PUSH_MESSAGES = {
  subscribed: 'Notifications are on for this device',
  unsubscribed: 'Notifications are off for this device',
  /** The endpoint is not https on an allowed port, or its host is not on the public internet. */
  endpointRefused: 'This push endpoint cannot be used. Push services must be public https addresses.',
  /** The host name of the endpoint does not resolve at all. */
  endpointUnknown: 'This push endpoint could not be found',
  /** Another account stored this endpoint with other keys. */
  endpointTaken: 'This push endpoint belongs to another account',
} as const;

/** How many devices of one account may receive pushes; subscribing another drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/** POST /push/subscriptions: a browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ error: 'Invalid push endpoint' })
    .max(2048)
    .refine((u) => u.startsWith('https://') && allowedText('line')(u), 'Invalid push endpoint'),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({
  endpoint: userText('line', 'Invalid push endpoint').max(2048),
});

/** GET /push/config: the VAPID public key (null when pushes are off on this server) and the user's choices. */
export const pushConfigResponseSchema = z.object({
  publicKey: z.string().nullable(),
  preferences: pushPreferencesSchema,
});

/** What a push message carries (the service worker shows it and opens `url` on a click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}
