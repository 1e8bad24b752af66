import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_LIMITS,
  type EmailKind,
  type EmailPreferences,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import type { AppEvent } from '../../lib/events';
import type { JobQueue } from '../../lib/jobs';
import { formatRupees } from '../../lib/money';
import { awayMail } from './emails.mail';
import * as repo from './emails.repo';
import { readUnsubscribeToken, unsubscribeToken } from './emails.tokens';

/** Who has an open socket on any process. */
export interface Presence {
  onlineAmong(userIds: string[]): Promise<Set<string>>;
}

const UNREAD = 'email-unread-messages';
const REQUEST = 'email-request-update';
const REMINDER = 'email-settlement-reminder';

interface UnreadJob {
  receiverId: string;
  senderId: string;
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

/** The two jobs' workers: each sends its e-mail when the recipient is away and wants that kind. */
function awayMailers(ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>, deps: { presence: Presence }) {
  const { db, config, mailer } = ctx;
  const delay = config.offlineEmail.unreadDelaySeconds;
  const limits = {
    perConversationSeconds: EMAIL_LIMITS.perConversationSeconds,
    dailyCap: EMAIL_LIMITS.dailyCap,
  };
  const link = (path: string) => `${config.publicUrl}${path}`;
  const unsubscribe = (userId: string, kind: EmailKind) => ({
    url: link(
      `/api/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config.jwtSecret, userId, kind))}`,
    ),
    what: kind === 'messages' ? 'unread-message' : 'request-update',
  });

  /** The recipient when they want this kind and are away; undefined otherwise. */
  async function awayRecipient(userId: string, kind: EmailKind) {
    const user = await repo.recipientOf(db, userId);
    if (!user || (user.preferences ?? DEFAULT_EMAIL_PREFERENCES)[kind] === false) return undefined;
    if ((await deps.presence.onlineAmong([userId])).has(userId)) return undefined;
    return user;
  }

  async function unreadMessages({ receiverId, senderId }: UnreadJob) {
    const user = await awayRecipient(receiverId, 'messages');
    if (!user) return;
    // Only what has waited the whole delay (a second's slack for the queue's timing).
    const n = await repo.unreadCount(db, receiverId, senderId, new Date(Date.now() - (delay - 1) * 1000));
    const name = await repo.nameOf(db, senderId);
    if (n === 0 || !name) return;
    if (!(await repo.claimSend(db, { userId: receiverId, kind: 'messages', aboutUserId: senderId }, limits)))
      return;
    const subject = `You have ${n} unread ${n === 1 ? 'message' : 'messages'} from ${name}`;
    await mailer.send(
      awayMail({
        to: user.email,
        subject,
        lines: [`Hi ${user.name},`, `${subject} on CampusRun.`],
        action: { label: 'Open the conversation', url: link(`/chat/${senderId}`) },
        unsubscribe: unsubscribe(receiverId, 'messages'),
      }),
    );
  }

  async function requestUpdate(job: RequestJob) {
    const user = await awayRecipient(job.requesterId, 'requests');
    if (!user) return;
    if (!(await repo.claimSend(db, { userId: job.requesterId, kind: 'requests', aboutUserId: null }, limits)))
      return;
    const deliverer = (job.delivererId && (await repo.nameOf(db, job.delivererId))) || job.delivererName;
    const subject = `${deliverer} ${job.what} your request for ${job.itemName}`;
    await mailer.send(
      awayMail({
        to: user.email,
        subject,
        lines: [`Hi ${user.name},`, `${subject}.`],
        action: { label: 'Open the request', url: link(`/requests/${job.requestId}`) },
        unsubscribe: unsubscribe(job.requesterId, 'requests'),
      }),
    );
  }

  async function settlementReminder(job: ReminderJob) {
    const user = await awayRecipient(job.payerId, 'requests');
    if (!user) return;
    if (!(await repo.claimSend(db, { userId: job.payerId, kind: 'requests', aboutUserId: null }, limits)))
      return;
    await mailer.send(
      awayMail({
        to: user.email,
        subject: job.subject,
        lines: [`Hi ${user.name},`, `${job.subject}.`],
        action: { label: 'Settle up', url: link(job.path) },
        unsubscribe: unsubscribe(job.payerId, 'requests'),
      }),
    );
  }

  return { unreadMessages, requestUpdate, settlementReminder };
}

/**
 * E-mails to users who are away, scheduled in the PostgreSQL job queue so exactly one process sends
 * each: a message still unread after the delay (one per conversation per hour), and a request
 * accepted or delivered; a daily cap per user; each kind can be turned off by a signed link.
 */
/**
 * The job queue (when away e-mails are enabled), who is online, and where the user's preferences
 * are stored (the user row, written by its owner).
 */
export interface EmailsDeps {
  jobs?: JobQueue;
  presence: Presence;
  preferences: {
    set(db: Executor, userId: string, preferences: EmailPreferences): Promise<void>;
    turnOff(db: Executor, userId: string, kind: EmailKind): Promise<void>;
  };
}

export function createEmailsService(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  deps: EmailsDeps,
) {
  const { db, config, log } = ctx;
  const delay = config.offlineEmail.unreadDelaySeconds;
  const { unreadMessages, requestUpdate, settlementReminder } = awayMailers(ctx, deps);

  return {
    /** Creates the queues and starts this process's workers. */
    async start() {
      const { jobs } = deps;
      if (!jobs) return;
      await jobs.createQueue(UNREAD);
      await jobs.createQueue(REQUEST);
      await jobs.work<UnreadJob>(UNREAD, unreadMessages);
      await jobs.work<RequestJob>(REQUEST, requestUpdate);
      await jobs.createQueue(REMINDER);
      await jobs.work<ReminderJob>(REMINDER, settlementReminder);
    },

    /** Schedules the e-mails an event may call for (whether they go is decided when the job runs). */
    async onEvent(event: AppEvent) {
      const { jobs } = deps;
      if (!jobs) return;
      if (event.type === 'message.created' && !event.resent) {
        const { receiverId, senderId } = event.message;
        await jobs.send(UNREAD, { receiverId, senderId } satisfies UnreadJob, {
          startAfter: delay,
          singletonKey: `${receiverId}:${senderId}`,
        });
      } else if (event.type === 'request.accepted' || event.type === 'request.completed') {
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
          subject: `Reminder: you owe ${event.payeeName} ${formatRupees(event.amount)} for ${event.title}`,
          path: event.requestId
            ? `/requests/${event.requestId}`
            : event.productId
              ? `/products/${event.productId}`
              : '/dashboard',
        } satisfies ReminderJob);
      }
    },

    async preferences(actor: Actor) {
      return { preferences: (await repo.preferencesOf(db, actor.id)) ?? DEFAULT_EMAIL_PREFERENCES };
    },
    async setPreferences(actor: Actor, preferences: EmailPreferences) {
      await deps.preferences.set(db, actor.id, preferences);
      return { preferences };
    },

    /** The unsubscribe link: answers the kind turned off, or null for a token that is not ours. */
    async unsubscribe(token: string): Promise<EmailKind | null> {
      const read = readUnsubscribeToken(config.jwtSecret, token);
      if (!read) return null;
      await deps.preferences.turnOff(db, read.userId, read.kind);
      log.info({ kind: read.kind }, 'unsubscribed from away e-mails');
      return read.kind;
    },
  };
}
export type EmailsService = ReturnType<typeof createEmailsService>;
