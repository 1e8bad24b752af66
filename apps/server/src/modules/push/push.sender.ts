import type { Agent } from 'node:https';
import type { PushPayload } from '@campusrun/shared';
import webpush from 'web-push';
import type { Config } from '../../config';

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends one encrypted Web Push message (RFC 8291, aes128gcm) signed with the VAPID keys. A 404 or
 * 410 from the push service means the subscription is gone. `agent` is for a push service with its
 * own certificate authority (the tests' local one).
 */
export function createPushSender(vapid: NonNullable<Config['vapid']>, agent?: Agent) {
  return async function send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        },
      );
      return 'sent';
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
