import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_MESSAGES,
  type PushPayload,
  type PushPreferences,
  type PushPreferencesBody,
  type PushSubscriptionBody,
  type PushTopic,
  REQUEST_NOTICES,
  PUSH_TITLE,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import { badRequest, conflict } from '../../lib/errors';
import type { AppEvent } from '../../lib/events';
import type { JobQueue, JobSpec } from '../../lib/jobs';
import { isPublicAddress, systemResolver, type Resolver } from '../../lib/public-address';
import { endpointTarget, type EndpointRules } from './push.policy';
import type { PushOutcome, PushSender } from './push.sender';
import * as repo from './push.repo';
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';

/** Subscriptions one user may store per hour (each looks the endpoint's host up). */
const PUSH_SUBSCRIBE_LIMIT = { points: 30, duration: 3600 };
/** How long the endpoint's host may take to resolve. */
const LOOKUP_TIMEOUT_MS = 5000;

/** Who has an open socket on any process (they see the notification in the app instead). */
interface Presence {
  onlineAmong(userIds: string[]): Promise<Set<string>>;
}

type Notice = Extract<AppEvent, { type: 'notification.created' }>['notification'];

/** A chat message's push: queued with the message, tried again until it is delivered. */
const MESSAGE_PUSH = 'push-message-notice';
interface MessagePushJob {
  notice: Notice;
  messageId: string;
}

/**
 * Any other push, to one member: queued as its event is handled, tried again with back-off (also
 * after a restart) until it is delivered or the member has no subscription that wants it.
 */
const PUSH = 'push-notice';
interface PushJob {
  userId: string;
  topic: PushTopic | null;
  payload: PushPayload;
}

/**
 * The preference a notification falls under (null: always sent, e.g. a moderator's decision).
 * Settling up falls under request updates, as the away e-mail of a reminder does.
 */
function topicOf({ type, data }: Pick<Notice, 'type' | 'data'>): PushTopic | null {
  switch (type) {
    case 'search':
      return data.searchKind === 'requests' ? 'requests' : 'marketplace';
    case 'message':
      return 'messages';
    case 'request_accepted':
    case 'request_completed':
    case 'request_cancelled':
    case 'delivery':
    case 'settlement':
      return 'requests';
    case 'product':
    case 'wanted':
      return 'marketplace';
    case 'lost_found':
      return 'lostFound';
    default:
      return null;
  }
}

/** Where a click on the push opens: the same routes as the notifications dropdown. */
function targetOf(data: Notice['data']): string {
  if (data.requestId) return `/requests/${data.requestId}`;
  if (data.senderId) return `/chat/${data.senderId}`;
  if (data.productId) return `/products/${data.productId}`;
  if (data.tripId) return `/trips/${data.tripId}`;
  if (data.lostFoundPostId) return `/lost-found/${data.lostFoundPostId}`;
  // A saved search's new matches, grouped: the search.
  if (data.savedSearchId) return `/searches/${data.savedSearchId}`;
  // A followed seller's new listings, grouped: their profile.
  if (data.sellerId) return `/users/${data.sellerId}`;
  return '/dashboard';
}

const refused = () =>
  badRequest(PUSH_MESSAGES.endpointRefused, [{ param: 'endpoint', msg: PUSH_MESSAGES.endpointRefused }]);

/**
 * Who sends a push, who is online, how endpoint host names are resolved, and where the user's
 * preferences are stored (the user row, written by its owner).
 */
export interface PushPorts {
  sender?: PushSender;
  /** The job queue every push goes through (present whenever `sender` is). */
  jobs?: JobQueue;
  presence: Presence;
  resolve?: Resolver;
  preferences: { set(db: Executor, userId: string, preferences: PushPreferences): Promise<void> };
}

/**
 * A push endpoint must be https on an allowed port, at a host whose every address is public; it is
 * checked again at each send, so a name that points inside the deployment later reaches nothing.
 */
async function checkEndpoint(rules: EndpointRules, resolve: Resolver, endpoint: string) {
  const target = endpointTarget(endpoint, rules);
  if (!target) throw refused();
  if (target.isAddress || rules.allowPrivateEndpoints) return;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(target.host),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
    }),
  ])
    .catch(() => {
      throw badRequest(PUSH_MESSAGES.endpointUnknown, [
        { param: 'endpoint', msg: PUSH_MESSAGES.endpointUnknown },
      ]);
    })
    .finally(() => clearTimeout(timer));
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) throw refused();
}

type Context = Pick<AppContext, 'db' | 'log' | 'limiter'> & {
  publicKey: string | null;
  rules: EndpointRules;
};

/**
 * What every push use case works with: the context, its ports, the resolver, the subscribe budget
 * and this process's sends by outcome.
 */
interface Deps extends Pick<AppContext, 'db' | 'log'>, PushPorts {
  publicKey: string | null;
  rules: EndpointRules;
  resolve: Resolver;
  subscribeLimit: Limiter;
  sends: Record<PushOutcome, number>;
}

/** The subscriptions of `userIds` whose owners want pushes of `topic` (null: always sent). */
const wantedSubscriptions = async (db: Deps['db'], userIds: string[], topic: PushTopic | null) =>
  (await repo.subscriptionsOf(db, userIds)).filter(
    (s) => topic === null || (s.preferences ?? DEFAULT_PUSH_PREFERENCES)[topic] !== false,
  );

/** Sends the push to those of `userIds` who want it and are away; answers how many sends failed. */
async function deliver(
  { db, log, sender, presence, sends }: Deps,
  userIds: string[],
  topic: PushTopic | null,
  payload: PushPayload,
): Promise<number> {
  if (!sender || userIds.length === 0) return 0;
  // The subscriptions first (most users have none), then who of them is online on any process.
  const wanted = await wantedSubscriptions(db, userIds, topic);
  if (wanted.length === 0) return 0;
  const online = await presence.onlineAmong([...new Set(wanted.map((s) => s.userId))]);
  const targets = wanted.filter((s) => !online.has(s.userId));
  const outcomes = await Promise.all(
    targets.map(async (t) => {
      const outcome = await sender(t, payload);
      sends[outcome] += 1;
      if (outcome === 'gone') await repo.forgetEndpoint(db, t.endpoint);
      else if (outcome === 'refused') {
        // Its host is not public (any more): it is never contacted again.
        log.warn({ userId: t.userId }, 'a push endpoint that is not public was dropped');
        await repo.forgetEndpoint(db, t.endpoint);
      } else if (outcome === 'failed') log.warn({ userId: t.userId }, 'a push could not be delivered');
      else if (outcome === 'dropped') log.warn({ userId: t.userId }, 'a push was dropped: too many waiting');
      return outcome;
    }),
  );
  return outcomes.filter((o) => o === 'failed' || o === 'dropped').length;
}

const noticePayload = (n: Notice): PushPayload => ({
  title: PUSH_TITLE,
  body: n.message,
  url: targetOf(n.data),
  // A chat's pushes share a tag: a newer one (or the same one sent again) replaces the last.
  tag: n.type === 'message' && n.data.senderId ? `chat-${n.data.senderId}` : n.id,
});

/** The push of a chat message's notice, for the chat module to queue in the message's transaction. */
function messageNoticeJob({ jobs, sender }: Deps, notice: Notice, messageId: string): JobSpec | undefined {
  if (!jobs || !sender) return undefined;
  return { queue: MESSAGE_PUSH, data: { notice, messageId } satisfies MessagePushJob };
}

/** A queued push: a send that failed (or found too many waiting) fails the job, which is tried again. */
async function sendMessageNotice(deps: Deps, { notice }: MessagePushJob) {
  const failed = await deliver(deps, [notice.userId], topicOf(notice), noticePayload(notice));
  if (failed > 0) throw new Error(`${failed} push(es) not delivered`);
}

/** A queued push: a send that failed (or found too many waiting) fails the job, which is tried again. */
async function sendPush(deps: Deps, { userId, topic, payload }: PushJob) {
  const failed = await deliver(deps, [userId], topic, payload);
  if (failed > 0) throw new Error(`${failed} push(es) not delivered`);
}

/** Creates the push queues and starts this process's workers. */
async function start(deps: Deps) {
  if (!deps.jobs || !deps.sender) return;
  await deps.jobs.createQueue(MESSAGE_PUSH);
  await deps.jobs.work<MessagePushJob>(MESSAGE_PUSH, (job) => sendMessageNotice(deps, job), 50);
  await deps.jobs.createQueue(PUSH);
  await deps.jobs.work<PushJob>(PUSH, (job) => sendPush(deps, job), 50);
}

/**
 * Queues a push to each of `userIds` who has a subscription that wants it (most members have none):
 * one job each, so one member's failure retries nobody else's.
 */
async function queuePushes(deps: Deps, userIds: string[], topic: PushTopic | null, payload: PushPayload) {
  if (!deps.jobs || !deps.sender || userIds.length === 0) return;
  const wanting = new Set((await wantedSubscriptions(deps.db, userIds, topic)).map((s) => s.userId));
  await deps.jobs.sendMany(
    PUSH,
    [...wanting].map((userId) => ({ userId, topic, payload }) satisfies PushJob),
  );
}

/** This process's pushes since it started, by outcome (GET /api/metrics). */
const outcomes = ({ sends }: Deps): Record<PushOutcome, number> => ({ ...sends });

/** The member's choices: a kind they never chose about (one added since) is on. */
const preferencesOf = async (db: Deps['db'], userId: string): Promise<PushPreferences> => ({
  ...DEFAULT_PUSH_PREFERENCES,
  ...(await repo.preferencesOf(db, userId)),
});

async function config({ db, publicKey }: Deps, actor: Actor) {
  return { publicKey, preferences: await preferencesOf(db, actor.id) };
}

async function subscribe(deps: Deps, actor: Actor, body: PushSubscriptionBody) {
  await deps.subscribeLimit.consume(actor.id);
  await checkEndpoint(deps.rules, deps.resolve, body.endpoint);
  if (!(await repo.saveSubscription(deps.db, actor.id, body))) throw conflict(PUSH_MESSAGES.endpointTaken);
  return { message: PUSH_MESSAGES.subscribed };
}

async function unsubscribe({ db }: Deps, actor: Actor, endpoint: string) {
  await repo.deleteSubscription(db, actor.id, endpoint);
  return { message: PUSH_MESSAGES.unsubscribed };
}

/** Saves the member's choices; one the body leaves out (an app from before it) stays as it was. */
async function setPreferences(deps: Deps, actor: Actor, body: PushPreferencesBody) {
  const before = await preferencesOf(deps.db, actor.id);
  const preferences: PushPreferences = { ...body, lostFound: body.lostFound ?? before.lostFound };
  await deps.preferences.set(deps.db, actor.id, preferences);
  return { preferences };
}

/**
 * Queues the pushes the events call for (handled after the event's change committed). A chat
 * message's notice is not one of them: its push is queued in the message's own transaction
 * (`messageNoticeJob`).
 */
async function onEvent(deps: Deps, event: AppEvent) {
  if (event.type === 'notification.created') {
    const n = event.notification;
    if (n.type !== 'message') await queuePushes(deps, [n.userId], topicOf(n), noticePayload(n));
  } else if (event.type === 'request.available' && event.request.isUrgent) {
    const r = event.request;
    // Only watchers with a subscription that wants urgent requests get a job.
    const watchers = (await repo.urgentWatchers(deps.db)).filter(
      (id) => id !== r.requester.id && !event.except.includes(id),
    );
    await queuePushes(deps, watchers, 'urgent', {
      title: REQUEST_NOTICES.urgentTitle,
      body: REQUEST_NOTICES.urgentBody(r.itemName, r.deliveryLocation),
      url: `/requests/${r.id}`,
      tag: r.id,
    });
  }
}

/**
 * Web Push: subscriptions and per-topic preferences, and the dispatcher that turns notifications
 * (and new urgent requests, for day scholars) into pushes for users with no open socket on any
 * process. Each event is handled once, by the process that emitted it, so two processes never send
 * the same push twice.
 */
export function createPushService(ctx: Context, ports: PushPorts) {
  const deps: Deps = {
    db: ctx.db,
    log: ctx.log,
    publicKey: ctx.publicKey,
    rules: ctx.rules,
    ...ports,
    resolve: ports.resolve ?? systemResolver,
    subscribeLimit: ctx.limiter('push-subscribe', PUSH_SUBSCRIBE_LIMIT),
    sends: { sent: 0, gone: 0, refused: 0, failed: 0, dropped: 0 },
  };
  return bindUseCases(deps, {
    config,
    subscribe,
    unsubscribe,
    setPreferences,
    start,
    messageNoticeJob,
    onEvent,
    outcomes,
  });
}
export type PushService = ReturnType<typeof createPushService>;
