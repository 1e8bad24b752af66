import {
  BLOCK_MESSAGES,
  CHAT_MESSAGES,
  PRODUCT_MESSAGES,
  COMMON_MESSAGES,
  type ChatMessage,
} from '@campusrun/shared';
import type { Tx } from '../../db/client';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import type { AppEvent } from '../../lib/events';
import { isUuid } from '../../lib/ids';
import { CHAT_IMAGE_LIMITS, processImage } from '../../lib/images';
import { newStorageKey } from '../../lib/storage';
import { createUploadLinks } from '../../lib/upload-links';
import { isSuspended } from '../../lib/listing-visibility';
import { partiesOf, partyOf } from '../../lib/parties';
import { pageOf } from '../../lib/lists';
import { AppError, badRequest, forbidden, isDataError, notFound } from '../../lib/errors';
import { groupCommit } from '../../lib/group-commit';
import { presentConversation, presentMessage } from './chat.presenter';
import * as repo from './chat.repo';
import { bindUseCases } from '../../lib/use-cases';

export const USER_NOT_FOUND = COMMON_MESSAGES.userNotFound;

/** Messages waiting for a batch on this process, at most (see createChatService). */
const MESSAGES_WAITING_MAX = 1000;

/** Messages one user may send per minute, over REST and sockets together, on every process. */
export const CHAT_SEND_LIMIT = { points: 60, duration: 60 } as const;

interface SendInput {
  receiverId: string;
  content: string;
  clientId?: string;
  /** The product the thread is about (its seller is the sender or the receiver). */
  productId?: string;
}

/** A message another feature posts into a thread for its user: an offer card, an answer to a wanted post. */
interface PostInput {
  receiverId: string;
  content: string;
  productId?: string;
  offerId?: string;
  wantedPostId?: string;
  lostFoundPostId?: string;
}

type Context = Pick<AppContext, 'db' | 'events' | 'limiter' | 'storage'> & {
  config: Pick<AppContext['config'], 'jwtSecrets'>;
};

type Notice = Extract<AppEvent, { type: 'notification.created' }>['notification'];

/** A new message and its sender, as the features that write its follow-ups see it. */
interface SentMessage {
  message: ChatMessage;
  sender: { id: string; name: string };
}

/**
 * What new messages leave besides themselves, written in their transaction by the features that own
 * it (services.ts): each receiver's notification, answered for the live push (one per message, in
 * order), and the queued jobs of the away e-mails and the Web Pushes.
 */
export interface ChatPorts {
  followUps(tx: Tx, sent: SentMessage[]): Promise<Notice[]>;
}

/** A checked message waiting for its batch. */
interface Outgoing {
  sender: SentMessage['sender'];
  values: Omit<repo.NewMessage, 'senderId'>;
}

/** What storing a message made of it: the message, whether it is new, and its receiver's notice. */
interface Stored {
  message: ChatMessage;
  created: boolean;
  notice?: Notice;
}

/** What every chat use case works with: the context, the photo links and the send budget. */
interface Deps extends Pick<AppContext, 'db' | 'events' | 'storage'>, ChatPorts {
  links: ReturnType<typeof createUploadLinks>;
  sendLimit: ReturnType<AppContext['limiter']>;
  /** Stores checked messages in batches (`storeBatch`). */
  writer: { add(item: Outgoing): Promise<Stored> };
}

/**
 * A message may bring a product into a thread only when one of the two sells it, and never while
 * its seller is suspended (the product is gone then: 404).
 */
async function assertProductInThread(db: Deps['db'], me: string, other: string, productId: string) {
  const sellerId = isUuid(productId) ? await repo.productSellerOf(db, productId) : undefined;
  if (sellerId !== me && sellerId !== other)
    throw badRequest(CHAT_MESSAGES.productNotInThread, [
      { param: 'productId', msg: CHAT_MESSAGES.productNotInThread },
    ]);
  if (await isSuspended(db, sellerId)) throw notFound(PRODUCT_MESSAGES.notFound);
}

async function present(
  { db, storage, links }: Pick<Deps, 'db' | 'storage' | 'links'>,
  rows: repo.MessageRow[],
) {
  const attached = await repo.attachmentsOf(db, rows);
  return rows.map((r) => presentMessage(storage, links, r, attached));
}

/**
 * Stores a batch of checked messages in one transaction of a few shared statements, whatever its
 * size: the messages, their product and offer cards, and the follow-ups of the new ones (their
 * receivers' notifications and the jobs of their away e-mails and pushes). All of them or none
 * (each sender is then told it failed, and sends again with the same clientId).
 */
function storeBatch(deps: Omit<Deps, 'writer'>, batch: Outgoing[]): Promise<Stored[]> {
  return deps.db.transaction(async (tx) => {
    const saved = await repo.insertMessages(
      tx,
      batch.map((b) => ({ ...b.values, senderId: b.sender.id })),
    );
    const messages = await present(
      { ...deps, db: tx },
      saved.map((s) => s.row),
    );
    // A resend (same clientId) notifies nobody twice.
    const fresh = saved.flatMap((s, i) =>
      s.created ? [{ message: messages[i]!, sender: batch[i]!.sender }] : [],
    );
    const notices = fresh.length > 0 ? await deps.followUps(tx, fresh) : [];
    let next = 0;
    return saved.map((s, i) => ({
      message: messages[i]!,
      created: s.created,
      ...(s.created ? { notice: notices[next++] } : {}),
    }));
  });
}

/**
 * Stores a checked message, in the next batch (`storeBatch`: under load, concurrent sends share
 * their statements), and announces it (see `send`).
 */
async function store(deps: Deps, actor: Actor, values: Outgoing['values'], origin?: string) {
  const sender = { id: actor.id, name: actor.name };
  const { message, created, notice } = await deps.writer.add({ sender, values });
  // A resend is pushed again: the process that stored the first attempt may have died before
  // pushing it. Clients drop a message they already have.
  await deps.events.emit({
    type: 'message.created',
    message,
    sender,
    ...(origin ? { origin } : {}),
    ...(created ? {} : { resent: true }),
  });
  if (notice) await deps.events.emit({ type: 'notification.created', notification: notice });
  return { message, created };
}

/**
 * The other person of a thread, to read it. Reading a past thread with a deleted account still
 * works (its messages show from "Deleted user"); writing is checked by `assertMayWrite`.
 */
async function partner(db: Deps['db'], me: string, otherId: string) {
  if (otherId === me)
    throw badRequest(CHAT_MESSAGES.self, [{ param: 'receiverId', msg: CHAT_MESSAGES.self }]);
  const user = isUuid(otherId) ? await repo.findUserRef(db, otherId) : undefined;
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

// Sending: a text message, a photo, and a message another feature posts.

/**
 * `me` may write to `receiverId`: someone else, whose account is active, and neither blocks the
 * other. Read from the parties this process keeps (lib/parties.ts), which every process drops a
 * user from as soon as their blocks or account change: a block made a moment ago stops the next
 * message.
 */
async function assertMayWrite(db: Deps['db'], me: string, receiverId: string) {
  if (receiverId === me)
    throw badRequest(CHAT_MESSAGES.self, [{ param: 'receiverId', msg: CHAT_MESSAGES.self }]);
  const receiver = isUuid(receiverId) ? await partyOf(partiesOf(db), receiverId) : undefined;
  if (!receiver?.active) throw notFound(USER_NOT_FOUND);
  if (receiver.blockedWith.includes(me)) throw forbidden(BLOCK_MESSAGES.cannotMessage);
}

/**
 * Stores the message (once per clientId) and announces it so the receiver is pushed to and, when
 * it is new, notified. `origin` names the connection that sent it (see the event). Every
 * attempt, resends included, counts against the sender's per-minute budget (429 beyond it).
 */
async function send(deps: Deps, actor: Actor, input: SendInput, origin?: string) {
  const { db } = deps;
  await deps.sendLimit.consume(actor.id, CHAT_MESSAGES.tooMany);
  const content = input.content.trim();
  if (!content) throw badRequest(CHAT_MESSAGES.empty, [{ param: 'content', msg: CHAT_MESSAGES.empty }]);
  await assertMayWrite(db, actor.id, input.receiverId);
  if (input.productId !== undefined)
    await assertProductInThread(db, actor.id, input.receiverId, input.productId);
  return store(
    deps,
    actor,
    {
      receiverId: input.receiverId,
      content,
      clientId: input.clientId ?? null,
      productId: input.productId ?? null,
    },
    origin,
  );
}

/**
 * A photo message: the file is verified by decoding and re-encoded (≤ 1600 px WebP, no metadata)
 * before it is stored; more than 12 megapixels is refused from the header, before decoding. The
 * message is stored after the file, and the file removed if that fails.
 */
async function sendPhoto(
  deps: Deps,
  actor: Actor,
  input: Omit<SendInput, 'content'>,
  file: { path: string } | undefined,
) {
  const { db, storage } = deps;
  if (!file)
    throw badRequest(CHAT_MESSAGES.photoRequired, [{ param: 'photo', msg: CHAT_MESSAGES.photoRequired }]);
  await deps.sendLimit.consume(actor.id, CHAT_MESSAGES.tooMany);
  await assertMayWrite(db, actor.id, input.receiverId);
  if (input.productId !== undefined)
    await assertProductInThread(db, actor.id, input.receiverId, input.productId);
  const image = await processImage(file.path, CHAT_IMAGE_LIMITS);
  const key = `${newStorageKey('chat')}.webp`;
  await storage.put(key, image.full.data, image.contentType);
  try {
    return await store(deps, actor, {
      receiverId: input.receiverId,
      content: CHAT_MESSAGES.photoContent,
      clientId: input.clientId ?? null,
      productId: input.productId ?? null,
      imagePath: key,
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * A message another feature writes for `actor` (its card checked by that feature): an offer card, an
 * answer to a wanted post. Who may write to whom is checked here, as for any message.
 */
async function post(deps: Deps, actor: Actor, input: PostInput) {
  await assertMayWrite(deps.db, actor.id, input.receiverId);
  return store(deps, actor, { ...input, clientId: null });
}

// Reading: the conversations, one thread's history, and who sees whose presence.

/** The actor's conversations. */
async function conversations({ db }: Deps, actor: Actor) {
  const rows = await repo.conversations(db, actor.id);
  return { conversations: rows.map(presentConversation) };
}

/** One page of history (oldest first within the page); marks the partner's messages to me read. */
async function conversation(
  deps: Deps,
  actor: Actor,
  otherId: string,
  q: { limit: number; cursor?: string },
) {
  const { db, events } = deps;
  const user = await partner(db, actor.id, otherId);
  const rows = await repo.conversationPage(db, actor.id, otherId, q.limit, q.cursor);
  const { items, nextCursor } = pageOf(rows, q.limit, (r) => r.cursor);
  const page = items.map((r) => r.message);
  const readAt = new Date();
  const marked = await repo.markRead(db, actor.id, otherId, readAt);
  if (marked > 0) {
    await events.emit({
      type: 'message.read',
      readerId: actor.id,
      senderId: otherId,
      readAt: readAt.toISOString(),
    });
  }
  const messages = (await present(deps, page.reverse())).map((m) =>
    m.senderId === otherId ? { ...m, isRead: true } : m,
  );
  return { messages, nextCursor, user };
}

/**
 * Who sees `userId`'s presence and typing and whose `userId` sees: both have written to each
 * other, and neither blocks the other.
 */
function presencePeers({ db }: Deps, userId: string) {
  return repo.presencePeers(db, userId);
}

/** Those of `ids` who are presence peers of `userId`. */
function presencePeersAmong({ db }: Deps, userId: string, ids: string[]) {
  return repo.presencePeersAmong(db, userId, ids);
}

/** Chat: storing messages, conversations and history. Used by the REST routes and the socket gateway. */
export function createChatService(ctx: Context, ports: ChatPorts) {
  const { db, events, storage } = ctx;
  const links = createUploadLinks(ctx.config.jwtSecrets);
  // One budget for REST and the socket gateway: both are handed this one service (services.ts).
  const sendLimit = ctx.limiter('chat-send', CHAT_SEND_LIMIT);
  const base = { db, events, storage, links, sendLimit, ...ports };
  // A batch that fails for what one message holds (a product gone meanwhile) is written again one
  // message at a time, so only that one fails.
  // Past MESSAGES_WAITING_MAX messages waiting for a batch (sockets have their own, lower bound; this
  // one also holds for REST), a message is refused at once as busy (503 with Retry-After) rather
  // than queued.
  const writer = groupCommit((batch: Outgoing[]) => storeBatch(base, batch), {
    maxBatch: 250,
    itemCaused: isDataError,
    maxWaiting: MESSAGES_WAITING_MAX,
    full: () => new AppError(503, 'SERVICE_UNAVAILABLE', CHAT_MESSAGES.busy, { retryAfter: 1 }),
  });
  const deps: Deps = { ...base, writer };
  return bindUseCases(deps, {
    send,
    sendPhoto,
    post,
    conversations,
    conversation,
    presencePeers,
    presencePeersAmong,
  });
}
export type ChatService = ReturnType<typeof createChatService>;
