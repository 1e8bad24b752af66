import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_LIMITS,
  type EmailKind,
  type EmailPreferences,
  AWAY_EMAILS,
  SEARCH_DIGEST_EMAIL,
  SETTLEMENT_NOTICES,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import type { AppEvent } from '../../lib/events';
import type { JobQueue, JobSpec } from '../../lib/jobs';
import { formatRupees } from '../../lib/money';
import { awayMail } from './emails.mail';
import * as repo from './emails.repo';
import { readUnsubscribeToken, unsubscribeToken } from './emails.tokens';
import { bindUseCases } from '../../lib/use-cases';

/** Who has an open socket on any process. */
interface Presence {
  onlineAmong(userIds: string[]): Promise<Set<string>>;
}

const UNREAD = 'email-unread-messages';
const REQUEST = 'email-request-update';
const REMINDER = 'email-settlement-reminder';

interface UnreadJob {
  receiverId: string;
  senderId: string;
  /** The message that queued it (the logs name it when a try fails). */
  messageId?: string;
}
interface RequestJob {
  requesterId: string;
  requestId: string;
  itemName: string;
  /** Their name is read when the e-mail goes (it may have changed, or the account been deleted). */
  delivererId?: string;
  delivererName: string;
  what: 'accepted' | 'delivered';
}
/** A payer's reminder of a settlement still open (under the request-update preference). */
interface ReminderJob {
  payerId: string;
  subject: string;
  /** The page of the request or product. */
  path: string;
}

/**
 * The job queue (when away e-mails are enabled), who is online, and where the user's preferences
 * are stored (the user row, written by its owner).
 */
export interface EmailsPorts {
  jobs?: JobQueue;
  presence: Presence;
  preferences: {
    set(db: Executor, userId: string, preferences: EmailPreferences): Promise<void>;
    turnOff(db: Executor, userId: string, kind: EmailKind): Promise<void>;
  };
}

/** What every e-mail use case and job worker works with. */
type Deps = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'> & EmailsPorts;

/** How often one user is e-mailed: once per conversation an hour, and a daily cap. */
const SEND_LIMITS = {
  perConversationSeconds: EMAIL_LIMITS.perConversationSeconds,
  dailyCap: EMAIL_LIMITS.dailyCap,
};

const link = ({ config }: Deps, path: string) => `${config.publicUrl}${path}`;

const unsubscribeLink = (deps: Deps, userId: string, kind: EmailKind) => ({
  url: link(
    deps,
    `/api/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.config.jwtSecret, userId, kind))}`,
  ),
  kind,
});

/** The recipient when they want this kind and are away; undefined otherwise. */
async function awayRecipient({ db, presence }: Deps, userId: string, kind: EmailKind) {
  const user = await repo.recipientOf(db, userId);
  if (!user || (user.preferences ?? DEFAULT_EMAIL_PREFERENCES)[kind] === false) return undefined;
  if ((await presence.onlineAmong([userId])).has(userId)) return undefined;
  return user;
}

// The jobs' workers: each sends its e-mail when the recipient is away and wants that kind.

async function unreadMessages(deps: Deps, { receiverId, senderId }: UnreadJob) {
  const { db, config, mailer } = deps;
  const delay = config.offlineEmail.unreadDelaySeconds;
  const user = await awayRecipient(deps, receiverId, 'messages');
  if (!user) return;
  // Only what has waited the whole delay (a second's slack for the queue's timing).
  const n = await repo.unreadCount(db, receiverId, senderId, new Date(Date.now() - (delay - 1) * 1000));
  const name = await repo.nameOf(db, senderId);
  if (n === 0 || !name) return;
  if (
    !(await repo.claimSend(db, { userId: receiverId, kind: 'messages', aboutUserId: senderId }, SEND_LIMITS))
  )
    return;
  const subject = AWAY_EMAILS.unread(n, name);
  await mailer.send(
    awayMail({
      to: user.email,
      subject,
      lines: [AWAY_EMAILS.greeting(user.name), AWAY_EMAILS.unreadSentence(subject)],
      action: { label: AWAY_EMAILS.openConversation, url: link(deps, `/chat/${senderId}`) },
      unsubscribe: unsubscribeLink(deps, receiverId, 'messages'),
    }),
  );
}

async function requestUpdate(deps: Deps, job: RequestJob) {
  const { db, mailer } = deps;
  const user = await awayRecipient(deps, job.requesterId, 'requests');
  if (!user) return;
  if (
    !(await repo.claimSend(db, { userId: job.requesterId, kind: 'requests', aboutUserId: null }, SEND_LIMITS))
  )
    return;
  const deliverer = (job.delivererId && (await repo.nameOf(db, job.delivererId))) || job.delivererName;
  const subject = AWAY_EMAILS.requestUpdate(deliverer, job.what, job.itemName);
  await mailer.send(
    awayMail({
      to: user.email,
      subject,
      lines: [AWAY_EMAILS.greeting(user.name), AWAY_EMAILS.sentence(subject)],
      action: { label: AWAY_EMAILS.openRequest, url: link(deps, `/requests/${job.requestId}`) },
      unsubscribe: unsubscribeLink(deps, job.requesterId, 'requests'),
    }),
  );
}

async function settlementReminder(deps: Deps, job: ReminderJob) {
  const { db, mailer } = deps;
  const user = await awayRecipient(deps, job.payerId, 'requests');
  if (!user) return;
  if (!(await repo.claimSend(db, { userId: job.payerId, kind: 'requests', aboutUserId: null }, SEND_LIMITS)))
    return;
  await mailer.send(
    awayMail({
      to: user.email,
      subject: job.subject,
      lines: [AWAY_EMAILS.greeting(user.name), AWAY_EMAILS.sentence(job.subject)],
      action: { label: AWAY_EMAILS.settleUp, url: link(deps, job.path) },
      unsubscribe: unsubscribeLink(deps, job.payerId, 'requests'),
    }),
  );
}

/**
 * The daily digests that are due: to each member who chose it, one e-mail a day of their saved
 * searches' new matches (claimed, so two processes never both send one; a mail that fails is not
 * recorded, and the next sweep tries again). Nothing while away e-mails are turned off.
 */
async function sendSearchDigests(deps: Deps) {
  const { db, config, mailer } = deps;
  if (!config.offlineEmail.enabled) return;
  for (const user of await repo.dueDigests(db, 50)) {
    const searches = await repo.digestOf(db, user.id);
    const total = searches.reduce((n, s) => n + s.count, 0);
    if (total === 0) continue;
    const claim = await repo.claimDigest(db, user.id);
    if (!claim) continue;
    const subject = SEARCH_DIGEST_EMAIL.subject(total);
    try {
      await mailer.send(
        awayMail({
          to: user.email,
          subject,
          lines: [
            AWAY_EMAILS.greeting(user.name),
            ...searches.map((s) => SEARCH_DIGEST_EMAIL.line(s.name, s.count, s.examples)),
          ],
          action: { label: SEARCH_DIGEST_EMAIL.open, url: link(deps, '/searches') },
          unsubscribe: unsubscribeLink(deps, user.id, 'searches'),
          why: SEARCH_DIGEST_EMAIL.why,
        }),
      );
    } catch (err) {
      // Not recorded as sent: the next sweep tries again.
      await repo.releaseDigest(db, claim);
      deps.log.warn({ err, userId: user.id }, 'saved search digest not sent; it will be tried again');
    }
  }
}

/** Creates the queues and starts this process's workers. */
async function start(deps: Deps) {
  const { jobs } = deps;
  if (!jobs) return;
  await jobs.createQueue(UNREAD, { oneWaitingPerKey: true });
  await jobs.createQueue(REQUEST, { oneWaitingPerKey: true });
  await jobs.work<UnreadJob>(UNREAD, (job) => unreadMessages(deps, job));
  await jobs.work<RequestJob>(REQUEST, (job) => requestUpdate(deps, job));
  await jobs.createQueue(REMINDER, { oneWaitingPerKey: true });
  await jobs.work<ReminderJob>(REMINDER, (job) => settlementReminder(deps, job));
}

/**
 * The away e-mail a new chat message may call for, queued by the chat module in the message's own
 * transaction (one job waits per conversation; whether it goes is decided when it runs).
 */
function unreadMessagesJob(
  { jobs, config }: Deps,
  message: { id: string; receiverId: string; senderId: string },
): JobSpec | undefined {
  if (!jobs) return undefined;
  const { receiverId, senderId } = message;
  return {
    queue: UNREAD,
    data: { receiverId, senderId, messageId: message.id } satisfies UnreadJob,
    startAfterSeconds: config.offlineEmail.unreadDelaySeconds,
    singletonKey: `${receiverId}:${senderId}`,
  };
}

/** Schedules the e-mails an event may call for (whether they go is decided when the job runs). */
async function onEvent({ jobs }: Deps, event: AppEvent) {
  if (!jobs) return;
  if (event.type === 'request.accepted' || event.type === 'request.completed') {
    await jobs.send(REQUEST, {
      requesterId: event.requester.id,
      requestId: event.requestId,
      itemName: event.itemName,
      delivererId: event.deliverer.id,
      delivererName: event.deliverer.name,
      what: event.type === 'request.accepted' ? 'accepted' : 'delivered',
    } satisfies RequestJob);
  } else if (event.type === 'settlement.reminded') {
    await jobs.send(REMINDER, {
      payerId: event.payerId,
      subject: SETTLEMENT_NOTICES.payerReminder(event.payeeName, formatRupees(event.amount), event.title),
      path: event.requestId
        ? `/requests/${event.requestId}`
        : event.productId
          ? `/products/${event.productId}`
          : '/dashboard',
    } satisfies ReminderJob);
  }
}

async function preferences({ db }: Deps, actor: Actor) {
  // A kind chosen before it existed keeps its default.
  return { preferences: { ...DEFAULT_EMAIL_PREFERENCES, ...(await repo.preferencesOf(db, actor.id)) } };
}

async function setPreferences(deps: Deps, actor: Actor, chosen: EmailPreferences) {
  await deps.preferences.set(deps.db, actor.id, chosen);
  return { preferences: chosen };
}

/** The unsubscribe link: answers the kind turned off, or null for a token that is not ours. */
async function unsubscribe(deps: Deps, token: string): Promise<EmailKind | null> {
  const read = readUnsubscribeToken(deps.config.jwtSecrets, token);
  if (!read) return null;
  await deps.preferences.turnOff(deps.db, read.userId, read.kind);
  deps.log.info({ kind: read.kind }, 'unsubscribed from away e-mails');
  return read.kind;
}

/**
 * E-mails to users who are away, scheduled in the PostgreSQL job queue so exactly one process sends
 * each: a message still unread after the delay (one per conversation per hour), and a request
 * accepted or delivered; a daily cap per user; each kind can be turned off by a signed link.
 */
export function createEmailsService(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  ports: EmailsPorts,
) {
  const deps: Deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, log: ctx.log, ...ports };
  return bindUseCases(deps, {
    sendSearchDigests,
    start,
    unreadMessagesJob,
    onEvent,
    preferences,
    setPreferences,
    unsubscribe,
  });
}
export type EmailsService = ReturnType<typeof createEmailsService>;
