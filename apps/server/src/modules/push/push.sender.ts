import { Agent, request } from 'node:https';
import type { PushPayload } from '@campusrun/shared';
import webpush from 'web-push';
import type { Config } from '../../config';
import { NonPublicAddressError, lookupWith, systemResolver, type Resolver } from '../../lib/public-address';
import { endpointTarget, type EndpointRules } from './push.policy';

/**
 * sent; gone: the push service says the subscription no longer exists (404, 410); refused: the
 * endpoint may not be contacted (not https on an allowed port, or its host is not public now);
 * failed: no answer in time or an error; dropped: too many pushes waiting on this process.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed' | 'dropped';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const PUSH_SEND_LIMITS = {
  /** The whole exchange with a push service, connection to answer. */
  timeoutMs: 10_000,
  /** Pushes in flight at once on one process. */
  concurrency: 16,
  /** Pushes waiting for a free slot; past this a push is dropped (and logged by the caller). */
  queueMax: 1000,
};

export interface PushSenderOptions {
  rules: EndpointRules;
  /** How host names are resolved (tests point a name wherever they like). */
  resolve?: Resolver;
  /** An extra certificate authority (the tests' local push service has its own). */
  ca?: string | Buffer;
  limits?: Partial<typeof PUSH_SEND_LIMITS>;
}

/** At most `max` tasks at once; up to `queueMax` more wait their turn, the rest get `undefined`. */
function createGate(max: number, queueMax: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (active < max) active += 1;
    else if (waiting.length >= queueMax) return undefined;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the finished task hands its slot on
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/**
 * Sends one encrypted Web Push message (RFC 8291, aes128gcm) signed with the VAPID keys. The
 * endpoint is judged again before each send, and the agent's lookup refuses a host name that
 * resolves to any address that is not public, at the moment of connecting: a name that was public
 * when the subscription was stored and points inside the deployment now (DNS rebinding) is never
 * contacted. Each send has a deadline, and one process has a bounded number in flight.
 */
export function createPushSender(vapid: NonNullable<Config['vapid']>, options: PushSenderOptions) {
  const { rules } = options;
  const limits = { ...PUSH_SEND_LIMITS, ...options.limits };
  const agent = new Agent({
    keepAlive: true,
    lookup: lookupWith(options.resolve ?? systemResolver, { publicOnly: !rules.allowPrivateEndpoints }),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const gate = createGate(limits.concurrency, limits.queueMax);

  function post(details: webpush.RequestDetails): Promise<PushOutcome> {
    return new Promise((resolve) => {
      const req = request(
        new URL(details.endpoint),
        {
          method: details.method,
          headers: details.headers,
          agent,
          signal: AbortSignal.timeout(limits.timeoutMs),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          // Cut off mid-answer (the deadline, a reset): closed without an end.
          res.on('error', () => resolve('failed'));
          res.on('close', () => resolve('failed'));
          res.on('end', () =>
            resolve(
              status >= 200 && status < 300 ? 'sent' : status === 404 || status === 410 ? 'gone' : 'failed',
            ),
          );
          res.resume(); // the answer's body is not needed
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) =>
        resolve(err.code === NonPublicAddressError.code ? 'refused' : 'failed'),
      );
      req.end(details.body ?? undefined);
    });
  }

  return async function send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    if (!endpointTarget(target.endpoint, rules)) return 'refused';
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: 24 * 3600, contentEncoding: 'aes128gcm' },
      );
    } catch {
      return 'failed'; // keys the encryption refuses
    }
    return (await gate(() => post(details))) ?? 'dropped';
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
