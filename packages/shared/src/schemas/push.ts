import { z } from 'zod';
import { allowedText, userText } from './common';

export const pushPreferencesSchema = z.object({
  messages: z.boolean(),
  requests: z.boolean(),
  urgent: z.boolean(),
  marketplace: z.boolean(),
  /** Lost-and-found notices: a match for the member's post, a claim on it, a return. */
  lostFound: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  messages: true,
  requests: true,
  urgent: true,
  marketplace: true,
  lostFound: true,
};

/**
 * PUT /push/preferences: every choice; `lostFound` may be left out (by an app from before it), and
 * then stays as it was.
 */
export const pushPreferencesBodySchema = pushPreferencesSchema.extend({ lostFound: z.boolean().optional() });
export type PushPreferencesBody = z.infer<typeof pushPreferencesBodySchema>;

const base64url = (min: number, max: number) =>
  userText('line', 'Invalid key')
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Invalid key');

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
